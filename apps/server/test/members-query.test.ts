import { FORBIDDEN_MSG } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberEvents, memberGroupLinks, memberGroups, memberLevels, members, memberTagLinks, memberTags, operLogs } from '@/db/schema';
import { type AnyData, makeApp, newPhone, type Person, type TestApp } from './helper';

const P = '/Client/ClientQuery/';
const LIST = `${P}GetUserInfoList`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DAY = 86_400_000;
/** 2026-01-01 12:00 in Shanghai: member i is created on 2026-01-(1+i). */
const BASE = Date.UTC(2026, 0, 1, 4);

let t: TestApp;
let owner: Person;
let ownerB: Person;
let viewer: Person;

interface Gen {
  id: string;
  i: number;
  kind: number;
  phone: string | null;
  name: string;
  nickname: string;
  sex: number;
  source: number;
  status: number;
  audit: number;
  orderCount: number;
  spendFen: number;
  balanceFen: number;
  points: number;
  growth: number;
  createdAt: Date;
  memberAt: Date | null;
  lastOrderAt: Date | null;
  levelId: string | null;
  tags: string[];
}
const gen: Gen[] = [];
let level: string;
let tag1: string;
let tag2: string;
let autoTag: string;
let group: string;
let bMember: string;
let bTag: string;
let bGroup: string;

const day = (i: number) => new Date(BASE + i * DAY).toISOString().slice(0, 10);
const N = 20;

async function list(body: Record<string, unknown> = {}, token = owner.token): Promise<AnyData> {
  return t.ok(LIST, { page_size: 200, ...body }, token);
}
const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
const expectIds = (pred: (g: Gen) => boolean) =>
  gen
    .filter(pred)
    .map((g) => g.id)
    .sort();

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('客户查询甲');
  ownerB = await t.registerOwner('客户查询乙');
  viewer = await t.addMember(owner.renterId, ['customerInquiry'], { exact: true });
  const renterId = owner.renterId;
  const look = { bgColor: '#000000', bgImage: '', textColor: '#ffffff' };
  const rights = { discount: 1000, pointsTimes: 10, freeShipping: false, birthdayPoints: 0 };
  [{ id: level }] = await t.db.insert(memberLevels).values({ renterId, name: '银卡', rank: 1, growth: 0, rights, card: look }).returning();
  [{ id: tag1 }] = await t.db.insert(memberTags).values({ renterId, name: '老客' }).returning();
  [{ id: tag2 }] = await t.db.insert(memberTags).values({ renterId, name: '高价值' }).returning();
  [{ id: autoTag }] = await t.db
    .insert(memberTags)
    .values({ renterId, name: '自动', kind: 2, rule: { op: 'and', items: [] } })
    .returning();
  [{ id: group }] = await t.db
    .insert(memberGroups)
    .values({ renterId, name: '大客户', rule: { op: 'and', items: [{ field: 'spend', min: 150 }] } })
    .returning();
  for (let i = 0; i < N; i++) {
    const kind = i % 4 === 0 ? 0 : 1;
    const v = {
      renterId,
      kind,
      phone: kind === 0 && i % 8 === 0 ? null : newPhone(),
      visitorId: kind === 0 && i % 8 === 0 ? `v${i}-${Math.random()}` : null,
      name: `客户${String(i).padStart(2, '0')}`,
      nickname: `昵称${i}`,
      sex: i % 3,
      source: 1 + (i % 5),
      status: i % 7 === 0 ? 0 : 1,
      audit: i % 6 === 0 ? 0 : 1,
      orderCount: i,
      spendFen: i * 1000,
      balanceFen: (N - i) * 500,
      points: i * 7,
      growth: i * 10,
      createdAt: new Date(BASE + i * DAY),
      memberAt: kind ? new Date(BASE + i * DAY + 3_600_000) : null,
      lastOrderAt: i % 2 ? new Date(BASE + (i + 1) * DAY) : null,
      levelId: i % 3 === 0 ? level : null,
    };
    const [r] = await t.db.insert(members).values(v).returning({ id: members.id });
    const tags = [...(i >= 1 && i <= 5 ? [tag1] : []), ...(i >= 4 && i <= 8 ? [tag2] : [])];
    for (const tagId of tags) await t.db.insert(memberTagLinks).values({ renterId, tagId, memberId: r.id });
    gen.push({ ...v, id: r.id, i, tags });
  }
  await t.db.insert(memberGroupLinks).values({ renterId, groupId: group, memberId: gen[2].id });
  const rb = ownerB.renterId;
  [{ id: bMember }] = await t.db.insert(members).values({ renterId: rb, phone: newPhone(), name: '客户乙', spendFen: 999_999 }).returning();
  [{ id: bTag }] = await t.db.insert(memberTags).values({ renterId: rb, name: '老客' }).returning();
  [{ id: bGroup }] = await t.db
    .insert(memberGroups)
    .values({ renterId: rb, name: '乙组', rule: { op: 'and', items: [] } })
    .returning();
});

afterAll(async () => {
  await t?.close();
});

describe('filter options', () => {
  it('answers the renter own levels, tags, groups and the fixed choices', async () => {
    const d = await t.ok(`${P}LookUserInFind`, {}, owner.token);
    expect(d.levels.map((l: AnyData) => l.name)).toEqual(['银卡']);
    expect(d.tags.map((x: AnyData) => x.name).sort()).toEqual(['老客', '自动', '高价值'].sort());
    expect(d.groups).toEqual([{ id: group, name: '大客户' }]);
    expect(d.sources.find((s: AnyData) => s.value === 2).label).toBe('后台添加');
    expect(d.kinds).toEqual([
      { value: 0, label: '客户' },
      { value: 1, label: '会员' },
    ]);
    expect(await t.ok(`${P}GetClientGroup`, {}, owner.token)).toEqual([{ id: group, name: '大客户' }]);
  });
});

describe('GetUserInfoList', () => {
  const cases: [string, Record<string, unknown>, (g: Gen) => boolean][] = [
    ['all', {}, () => true],
    ['keyword name', { keyword: '客户1' }, (g) => g.name.startsWith('客户1')],
    ['keyword nickname', { keyword: '昵称7' }, (g) => g.i === 7],
    // One and two characters: found through the characters' index, then checked exactly.
    ['keyword one character', { keyword: '7' }, (g) => `${g.phone ?? ''} ${g.name} ${g.nickname}`.includes('7')],
    ['keyword two characters', { keyword: '11' }, (g) => `${g.phone ?? ''} ${g.name} ${g.nickname}`.includes('11')],
    ['kind customer', { kind: 0 }, (g) => g.kind === 0],
    ['kind member', { kind: 1 }, (g) => g.kind === 1],
    ['level', { levelIds: [] }, () => true],
    ['tags any', { tagIds: [] }, () => true],
    ['source', { source: 3 }, (g) => g.source === 3],
    ['sex', { sex: 2 }, (g) => g.sex === 2],
    ['status', { status: 0 }, (g) => g.status === 0],
    ['audit', { audit: 0 }, (g) => g.audit === 0],
    ['register time', { createTime: { from: day(3), to: day(6) } }, (g) => g.i >= 3 && g.i <= 6],
    ['member time', { memberTime: { from: day(10) } }, (g) => g.kind === 1 && g.i >= 10],
    ['last purchase', { lastOrderTime: { to: day(6) } }, (g) => g.lastOrderAt !== null && g.i + 1 <= 6],
    ['order count', { orderCount: { min: 5, max: 9 } }, (g) => g.i >= 5 && g.i <= 9],
    ['spend yuan', { spend: { min: 120 } }, (g) => g.spendFen >= 12_000],
    ['balance yuan', { balance: { max: 20 } }, (g) => g.balanceFen <= 2000],
    ['points', { points: { min: 70, max: 70 } }, (g) => g.points === 70],
    ['growth', { growth: { max: 30 } }, (g) => g.growth <= 30],
    ['combined', { kind: 1, spend: { min: 50 }, sex: 1 }, (g) => g.kind === 1 && g.spendFen >= 5000 && g.sex === 1],
  ];
  it.each(cases)('filters by %s', async (_name, body, pred) => {
    const d = await list(body);
    expect(ids(d.rows)).toEqual(expectIds(pred));
    expect(d.total_count).toBe(expectIds(pred).length);
  });

  it('filters by level, tags (any) and group (rule or added by hand)', async () => {
    expect(ids((await list({ levelIds: [level] })).rows)).toEqual(expectIds((g) => g.levelId === level));
    expect(ids((await list({ tagIds: [tag1, tag2] })).rows)).toEqual(expectIds((g) => g.tags.length > 0));
    expect(ids((await list({ tagIds: [tag2] })).rows)).toEqual(expectIds((g) => g.tags.includes(tag2)));
    expect(ids((await list({ groupId: group })).rows)).toEqual(expectIds((g) => g.spendFen >= 15_000 || g.i === 2));
  });

  it('shows the row fields: full phone, level, a few tag names, yuan', async () => {
    const g = gen[5];
    const d = await list({ keyword: g.name });
    expect(d.rows).toHaveLength(1);
    expect(d.rows[0]).toMatchObject({
      id: g.id,
      phone: g.phone,
      kindText: '会员',
      tags: ['老客', '高价值'],
      tagCount: 2,
      spend: 50,
      balance: 75,
      points: 35,
      growth: 50,
      orderCount: 5,
      createTime: `${day(5)} 12:00:00`,
    });
    expect((await list({ keyword: gen[3].name })).rows[0].levelName).toBe('银卡');
  });

  const sorts: [string, (g: Gen) => number, Record<string, unknown>][] = [
    ['createTime', (g) => g.createdAt.getTime(), {}],
    ['memberTime', (g) => g.memberAt?.getTime() ?? 0, { kind: 1 }],
    ['spend', (g) => g.spendFen, {}],
    ['orderCount', (g) => g.orderCount, {}],
    ['lastOrderTime', (g) => g.lastOrderAt?.getTime() ?? 0, { lastOrderTime: { from: day(0) } }],
    ['balance', (g) => g.balanceFen, {}],
    ['points', (g) => g.points, {}],
    ['growth', (g) => g.growth, {}],
  ];
  it.each(sorts)('sorts by %s both ways', async (field, value, filter) => {
    for (const order of ['ascend', 'descend'] as const) {
      const d = await list({ ...filter, sorter: [{ field, order }] });
      const got = d.rows.map((r: AnyData) => value(gen.find((g) => g.id === r.id) as Gen));
      const want = [...got].sort((a, b) => (order === 'ascend' ? a - b : b - a));
      expect(got).toEqual(want);
      expect(got.length).toBeGreaterThan(3);
    }
  });

  it('sorts a keyword search (a few matches, sorted from the matches) by every field both ways', async () => {
    const want = expectIds((g) => g.name.startsWith('客户1'));
    // A customer without that time (never bought, not a member) sorts as the earliest: first going up, last going down.
    const nullable: Record<string, (g: Gen) => Date | null> = { memberTime: (g) => g.memberAt, lastOrderTime: (g) => g.lastOrderAt };
    for (const [field, value] of sorts) {
      const of = (g: Gen) => (nullable[field] && nullable[field](g) === null ? Number.NEGATIVE_INFINITY : value(g));
      for (const order of ['ascend', 'descend'] as const) {
        const d = await list({ keyword: '客户1', sorter: [{ field, order }] });
        expect(ids(d.rows)).toEqual(want);
        const got = d.rows.map((r: AnyData) => of(gen.find((g) => g.id === r.id) as Gen));
        expect(got).toEqual([...got].sort((a, b) => (order === 'ascend' ? a - b : b - a)));
      }
    }
  });

  it('finds a customer by the last four digits of the phone', async () => {
    const tail = (gen[9].phone as string).slice(-4);
    expect(ids((await list({ keyword: tail })).rows)).toEqual(expectIds((g) => `${g.phone ?? ''} ${g.name} ${g.nickname}`.includes(tail)));
    expect(ids((await list({ keyword: tail })).rows)).toContain(gen[9].id);
  });

  it('finds a member by the whole phone number, exactly', async () => {
    expect(ids((await list({ keyword: gen[9].phone as string })).rows)).toEqual([gen[9].id]);
  });

  it('finds letters in any case, with keywords of two and of three characters', async () => {
    const [m] = await t.db.insert(members).values({ renterId: owner.renterId, phone: newPhone(), nickname: 'AbC小店' }).returning();
    try {
      for (const keyword of ['bc', 'BC', 'abc', 'aBc小']) expect(ids((await list({ keyword })).rows)).toEqual([m.id]);
      expect((await list({ keyword: 'cb' })).rows).toEqual([]);
    } finally {
      await t.db.delete(members).where(eq(members.id, m.id));
    }
  });

  it('pages on the server', async () => {
    const d = await list({ page_index: 2, page_size: 5, sorter: [{ field: 'spend', order: 'ascend' }] });
    expect(d.total_count).toBe(N);
    expect(d.rows.map((r: AnyData) => r.spend)).toEqual([50, 60, 70, 80, 90]);
  });

  it('refuses bad ranges with messages naming the field', async () => {
    const r = await t.call(LIST, { spend: { min: 10, max: 5 } }, owner.token);
    expect(r.body.msg).toBe('累计消费金额最小值不能大于最大值');
    const r2 = await t.call(LIST, { createTime: { from: '2026-13' } }, owner.token);
    expect(r2.body.msg).toBe('注册时间开始日期格式不正确');
    const r3 = await t.call(LIST, { createTime: { from: day(5), to: day(1) } }, owner.token);
    expect(r3.body.msg).toBe('注册时间开始日期不能晚于结束日期');
  });

  it('never shows another renter customers, and another renter tag or group matches nothing', async () => {
    expect(ids((await list({}, ownerB.token)).rows)).toEqual([bMember]);
    expect((await list({ tagIds: [bTag] })).rows).toEqual([]);
    expect((await list({ groupId: bGroup })).rows).toEqual([]);
  });
});

describe('counts and sums', () => {
  it('GetFindTotal and GetFindTotalAdJust answer the filtered set', async () => {
    const f = { kind: 1 };
    const set = gen.filter((g) => g.kind === 1);
    expect(await t.ok(`${P}GetFindTotal`, f, owner.token)).toEqual({ count: set.length });
    const sums = await t.ok(`${P}GetFindTotalAdJust`, f, owner.token);
    expect(sums).toEqual({
      count: set.length,
      spend: set.reduce((s, g) => s + g.spendFen, 0) / 100,
      balance: set.reduce((s, g) => s + g.balanceFen, 0) / 100,
      points: set.reduce((s, g) => s + g.points, 0),
    });
  });
});

describe('GetFindUser', () => {
  it('finds members (not customers) by phone or name, at most 20, within the renter', async () => {
    const m = gen[5];
    expect((await t.ok(`${P}GetFindUser`, { keyword: (m.phone as string).slice(-6) }, owner.token)).map((x: AnyData) => x.id)).toEqual([
      m.id,
    ]);
    const byName = await t.ok(`${P}GetFindUser`, { keyword: '客户' }, owner.token);
    expect(ids(byName)).toEqual(expectIds((g) => g.kind === 1));
    expect(await t.ok(`${P}GetFindUser`, { keyword: '客户乙' }, owner.token)).toEqual([]);
    expect((await t.call(`${P}GetFindUser`, { keyword: '' }, owner.token)).body.msg).toBe('请输入手机号或姓名');
  });
});

describe('bulk writes', () => {
  const countOf = async (id: string) => (await t.db.select().from(memberTags).where(eq(memberTags.id, id)))[0].memberCount;

  it('tags and untags members, keeping member_count right, with one audit row per call', async () => {
    const chosen = [gen[10].id, gen[11].id, gen[1].id];
    const r = await t.call('/Config/Tags/CreateTgas', { tagIds: [tag1], ids: chosen }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '打标签成功', data: { changed: 2 } });
    expect(await countOf(tag1)).toBe(7);
    const logs = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, owner.renterId), eq(operLogs.action, '批量打标签')));
    expect(logs).toHaveLength(1);
    const del = await t.call('/Config/Tags/DeleteTgs', { tagIds: [tag1, tag2], ids: chosen }, owner.token);
    expect(del.body.data).toEqual({ changed: 3 });
    expect(await countOf(tag1)).toBe(4);
    expect(await countOf(tag2)).toBe(5);
    // Put gen[1] back as generated.
    await t.ok('/Config/Tags/CreateTgas', { tagIds: [tag1], ids: [gen[1].id] }, owner.token);
    expect(await countOf(tag1)).toBe(5);
  });

  it('refuses automatic tags, another renter tags and members, and an empty choice', async () => {
    expect((await t.call('/Config/Tags/CreateTgas', { tagIds: [autoTag], ids: [gen[1].id] }, owner.token)).body.msg).toBe(
      '自动标签由规则维护，不能手动添加或移除：自动',
    );
    expect((await t.call('/Config/Tags/CreateTgas', { tagIds: [bTag], ids: [gen[1].id] }, owner.token)).body.msg).toBe('标签不存在');
    expect((await t.call('/Config/Tags/CreateTgas', { tagIds: [tag1], ids: [bMember] }, owner.token)).body.msg).toBe('客户不存在');
    expect((await t.call('/Config/Tags/DeleteTgs', { tagIds: [tag1], ids: [] }, owner.token)).body.msg).toBe('请选择客户');
    expect((await t.call('/Config/Tags/DeleteTgs', { tagIds: [], ids: [gen[1].id] }, owner.token)).body.msg).toBe('请选择标签');
    const links = await t.db.select().from(memberTagLinks).where(eq(memberTagLinks.memberId, bMember));
    expect(links).toEqual([]);
  });

  it('adds members to a group by hand; another renter group or member is refused', async () => {
    const r = await t.call(`${P}AddToGroup`, { groupId: group, ids: [gen[3].id, gen[2].id] }, owner.token);
    expect(r.body).toMatchObject({ code: 0, data: { changed: 1 } });
    expect(ids((await list({ groupId: group })).rows)).toEqual(expectIds((g) => g.spendFen >= 15_000 || g.i === 2 || g.i === 3));
    expect((await t.call(`${P}AddToGroup`, { groupId: bGroup, ids: [gen[3].id] }, owner.token)).body.msg).toBe('分组不存在');
    expect((await t.call(`${P}AddToGroup`, { groupId: group, ids: [bMember] }, owner.token)).body.msg).toBe('客户不存在');
  });

  it('audits waiting members once, with a history line', async () => {
    const waiting = gen.filter((g) => g.audit === 0).map((g) => g.id);
    const r = await t.call(`${P}AuditUser`, { ids: waiting, pass: true }, owner.token);
    expect(r.body).toMatchObject({ code: 0, data: { changed: waiting.length } });
    const again = await t.call(`${P}AuditUser`, { ids: waiting, pass: false }, owner.token);
    expect(again.body.msg).toBe('所选会员都不是待审核状态');
    const ev = await t.db.select().from(memberEvents).where(eq(memberEvents.memberId, waiting[0]));
    expect(ev.map((e) => e.title)).toContain('会员审核通过');
    expect((await t.call(`${P}AuditUser`, { ids: [bMember], pass: true }, owner.token)).body.msg).toBe('客户不存在');
  });
});

describe('CreateVipUser', () => {
  it('adds a member with tags, source 后台添加 and a history line', async () => {
    const phone = newPhone();
    const r = await t.call(`${P}CreateVipUser`, { phone, name: '新会员', sex: 1, birthday: '1990-05-06', tagIds: [tag2] }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '添加会员成功', data: { converted: false } });
    const [m] = await t.db.select().from(members).where(eq(members.id, r.body.data.id));
    expect(m).toMatchObject({ kind: 1, source: 2, audit: 1, name: '新会员', sex: 1, birthday: '1990-05-06', renterId: owner.renterId });
    expect(m.memberAt).not.toBeNull();
    const ev = await t.db.select().from(memberEvents).where(eq(memberEvents.memberId, m.id));
    expect(ev.map((e) => e.title)).toEqual(['后台添加会员']);
    expect((await t.db.select().from(memberTags).where(eq(memberTags.id, tag2)))[0].memberCount).toBe(6);
    const dup = await t.call(`${P}CreateVipUser`, { phone }, owner.token);
    expect(dup.body.msg).toBe('该手机号已是会员');
    await t.db.delete(members).where(eq(members.id, m.id));
    await t.ok('/Config/Tags/DeleteTgs', { tagIds: [tag2], ids: [gen[4].id] }, owner.token);
    await t.ok('/Config/Tags/CreateTgas', { tagIds: [tag2], ids: [gen[4].id] }, owner.token);
  });

  it('turns a customer with that phone into a member', async () => {
    const c = gen.find((g) => g.kind === 0 && g.phone) as Gen;
    const r = await t.call(`${P}CreateVipUser`, { phone: c.phone, name: '转会员' }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '该客户已转为会员', data: { id: c.id, converted: true } });
    const [m] = await t.db.select().from(members).where(eq(members.id, c.id));
    expect(m).toMatchObject({ kind: 1, name: '转会员', source: c.source });
    await t.db.update(members).set({ kind: 0, memberAt: null, name: c.name }).where(eq(members.id, c.id));
  });

  it('validates its fields', async () => {
    const msg = async (b: Record<string, unknown>) => (await t.call(`${P}CreateVipUser`, b, owner.token)).body.msg;
    expect(await msg({})).toBe('请输入手机号');
    expect(await msg({ phone: '123' })).toMatch(/手机号/);
    expect(await msg({ phone: newPhone(), name: '名'.repeat(21) })).toBe('姓名不能超过20个字');
    expect(await msg({ phone: newPhone(), birthday: '2999-01-01' })).toBe('生日不能晚于今天');
    expect(await msg({ phone: newPhone(), tagIds: [autoTag] })).toBe('自动标签由规则维护，不能手动添加或移除：自动');
    expect(await msg({ phone: newPhone(), tagIds: [bTag] })).toBe('标签不存在');
  });
});

describe('permissions', () => {
  it('a view-only role lists but may not write or export', async () => {
    expect((await list({}, viewer.token)).total_count).toBe(N);
    const refused = [
      ['/Config/Tags/CreateTgas', { tagIds: [tag1], ids: [gen[1].id] }],
      ['/Config/Tags/DeleteTgs', { tagIds: [tag1], ids: [gen[1].id] }],
      [`${P}AddToGroup`, { groupId: group, ids: [gen[1].id] }],
      [`${P}CreateVipUser`, { phone: newPhone() }],
      [`${P}AuditUser`, { ids: [gen[1].id], pass: true }],
      [`${P}ExportUsers`, {}],
    ] as const;
    for (const [path, body] of refused) expect((await t.call(path, body, viewer.token)).body.msg, path).toBe(FORBIDDEN_MSG);
  });
});

describe('export', () => {
  it('builds the .xlsx in the background with progress, then downloads it', async () => {
    const started = await t.call(`${P}ExportUsers`, { kind: 1, sorter: [] }, owner.token);
    expect(started.body).toMatchObject({ code: 0, data: { status: 0, total: expectIds((g) => g.kind === 1).length } });
    const id = started.body.data.id;
    const early = await t.call(`${P}ExportDownload`, { id }, owner.token);
    expect(early.body.msg).toBe('文件还在生成中，请稍后');
    await t.services.jobs.runDue(['exports.build']);
    const info = await t.ok(`${P}ExportInfo`, { id }, owner.token);
    expect(info).toMatchObject({ status: 1, done: info.total, total: expectIds((g) => g.kind === 1).length });
    expect(t.hub.data.some((s) => s.event === 'exportProgress' && (s.payload as AnyData).status === 1)).toBe(true);
    const res = await t.app.inject({ method: 'POST', url: `${P}ExportDownload`, headers: { token: owner.token }, payload: { id } });
    expect(res.headers['content-type']).toBe(XLSX);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0].slice(0, 4)).toEqual(['手机号', '姓名', '昵称', '类型']);
    const members1 = gen.filter((g) => g.kind === 1);
    expect(rows).toHaveLength(members1.length + 1);
    const g5 = rows.find((r) => r[1] === gen[5].name) as unknown[];
    expect(g5[0]).toBe(gen[5].phone);
    expect(g5[6]).toBe('老客、高价值');
    expect(g5[11]).toBe(50);
    // Another renter's task is unknown there.
    expect((await t.call(`${P}ExportInfo`, { id }, ownerB.token)).body.msg).toBe('导出任务不存在');
    expect((await t.call(`${P}ExportDownload`, { id }, viewer.token)).body.msg).toBe(FORBIDDEN_MSG);
  });

  it('refuses an export of nothing', async () => {
    expect((await t.call(`${P}ExportUsers`, { keyword: '没有这个人' }, owner.token)).body.msg).toBe('没有符合条件的客户可导出');
  });
});
