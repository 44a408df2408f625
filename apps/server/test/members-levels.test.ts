import { DEFAULT_CARD, LEVEL_IN_USE_MSG, NO_RIGHTS, SHOP_HEADER } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { growthRecords, levelGrants, members, shops } from '@/db/schema';
import { changeGrowth, GROWTH_KIND } from '@/modules/members/levels/growth.service';
import { makeApp, newPhone, ownerCtx, type Person, type TestApp } from './helper';
import { raceIt } from './race';

const P = '/Sys/LV/';
const FORBIDDEN = { code: 1003, msg: '没有权限执行此操作' };
const MISSING = { code: 1004, msg: '等级不存在' };

let t: TestApp;
let ownerA: Person;
let ownerB: Person;
let viewer: Person;
let shopA: string;

const call = (path: string, body: unknown, token = ownerA.token) => t.call(path, body, token);
const ok = (path: string, body: unknown, token = ownerA.token) => t.ok(path, body, token);
const msgOf = async (path: string, body: unknown, token = ownerA.token) => (await call(path, body, token)).body.msg as string;

const level = (over: Record<string, unknown> = {}) => ({
  needpay: 0,
  name: '银卡',
  rank: 1,
  growth: 100,
  rights: { ...NO_RIGHTS, discount: 950 },
  description: '',
  ...over,
});
const save = async (over: Record<string, unknown>, token = ownerA.token) => (await ok(`${P}save`, level(over), token)).id as string;

async function memberLogin(phone: string, shop = shopA) {
  await t.passSmsCooldown(phone);
  const h = { [SHOP_HEADER]: shop };
  await t.call('/h5/Member/SendCode', { phone }, undefined, h);
  const r = await t.call('/h5/Member/LoginBySms', { phone, code: t.smsCode(phone) }, undefined, h);
  return r.body.data as { token: string; member: { id: string } };
}
const h5 = (path: string, body: unknown, token: string) => t.call(path, body, token, { [SHOP_HEADER]: shopA });
const memberRow = async (id: string) => (await t.db.select().from(members).where(eq(members.id, id)))[0];
const runRecompute = () => t.services.jobs.runDue(['members.levels.recompute']);

let silver: string;
let gold: string;
let vip: string;

beforeAll(async () => {
  t = await makeApp();
  ownerA = await t.registerOwner('等级测试店甲');
  ownerB = await t.registerOwner('等级测试店乙');
  viewer = await t.addMember(ownerA.renterId, ['CardLV0', 'mebgrouplog', 'lvBuyrecord', 'LvTask', 'DecorateLV'], { exact: true });
  shopA = (await t.db.select().from(shops).where(eq(shops.renterId, ownerA.renterId)).limit(1))[0].id;
});
afterAll(() => t.close());

describe('saving levels', () => {
  it('saves free levels whose growth rises with the rank, and refuses the rest with the field’s message', async () => {
    silver = await save({ name: '银卡', rank: 1, growth: 0 });
    gold = await save({ name: '金卡', rank: 2, growth: 500 });
    expect(await msgOf(`${P}save`, level({ name: '', rank: 3 }))).toBe('请输入等级名称');
    expect(await msgOf(`${P}save`, level({ name: '一二三四五六七八九十一', rank: 3 }))).toBe('等级名称不能超过10个字');
    expect(await msgOf(`${P}save`, level({ name: '铂金', rank: 3, growth: undefined }))).toBe('请输入成长值');
    expect(await msgOf(`${P}save`, level({ name: '铂金', rank: 3, growth: 500 }))).toBe('成长值须高于上一等级（金卡：500）');
    expect(await msgOf(`${P}save`, level({ name: '铜卡', rank: 0 }))).toBe('等级须在1到30之间');
    expect(await msgOf(`${P}save`, level({ name: '金卡', rank: 3, growth: 900 }))).toBe('等级名称已存在');
    expect(await msgOf(`${P}save`, level({ name: '铂金', rank: 2, growth: 900 }))).toBe('等级2已被「金卡」使用');
    // Editing gold below silver's threshold breaks the order from above.
    expect(await msgOf(`${P}save`, level({ id: silver, name: '银卡', rank: 1, growth: 600 }))).toBe('成长值须低于下一等级（金卡：500）');
    expect(await msgOf(`${P}save`, level({ name: '钻石', rank: 3, growth: 2000, rights: { ...NO_RIGHTS, discount: 0 } }))).toBe(
      '折扣须在0.1折到10折之间',
    );
  });

  it('saves paid levels with a price in yuan kept as fen, and asks for the price', async () => {
    expect(await msgOf(`${P}save`, level({ needpay: 1, name: '黑卡', rank: 1 }))).toBe('请输入价格');
    expect(await msgOf(`${P}save`, level({ needpay: 1, name: '黑卡', rank: 1, price: '1.234' }))).toBe('价格最多保留两位小数');
    vip = await save({ needpay: 1, name: '黑卡', rank: 1, price: '199.90', validDays: 365 });
    const d = await ok(`${P}getlv`, { id: vip });
    expect(d).toMatchObject({ needpay: 1, name: '黑卡', price: 199.9, validDays: 365, growth: 0, status: 1, card: DEFAULT_CARD });
    expect(await msgOf(`${P}save`, level({ id: vip, needpay: 0, name: '黑卡', rank: 5, growth: 9000 }))).toBe('等级类型不能修改');
  });

  it('lists a kind’s levels lowest first, pages them, and serves the pickers', async () => {
    const free = await ok(`${P}list`, { needpay: '0' });
    expect(free.map((l: { name: string }) => l.name)).toEqual(['银卡', '金卡']);
    const paid = await ok(`${P}list`, { needpay: '1' });
    expect(paid.map((l: { name: string }) => l.name)).toEqual(['黑卡']);
    expect(await msgOf(`${P}list`, { needpay: '2' })).toBe('等级类型不正确');
    const page = await ok(`${P}getlvlist`, { needpay: 0, keyword: '金', page_index: 1, page_size: 10 });
    expect(page).toMatchObject({ total_count: 1, rows: [{ name: '金卡', growth: 500, holders: 0 }] });
    const chk = await ok(`${P}getlvchklist`, {});
    expect(chk.map((l: { name: string }) => l.name)).toEqual(['银卡', '金卡', '黑卡']);
    expect((await ok('/Config/Lv/GetLvList', { needpay: 1 })).map((l: { name: string }) => l.name)).toEqual(['黑卡']);
    const all = await ok('/Config/Lv/GetAllLvData', {});
    expect(all).toMatchObject({ freeOn: true, payOn: false });
    expect(all.levels).toHaveLength(3);
  });
});

describe('members, growth tasks and the level recompute', () => {
  let memberId: string;
  let token: string;

  it('gives the 注册 growth on the first login, and the level it reaches', async () => {
    const phone = newPhone();
    const r = await memberLogin(phone);
    memberId = r.member.id;
    token = r.token;
    const m = await memberRow(memberId);
    expect(m.growth).toBe(10);
    expect(m.levelId).toBe(silver);
    const log = await ok('/Client/Customer/GetGroupLosgPage', { phone, page_index: 1, page_size: 10 });
    expect(log.rows).toMatchObject([
      { change: 10, growthAfter: 10, kind: 2, kindText: '成长任务', reason: '注册', levelBefore: '', levelAfter: '银卡', operator: '系统' },
    ]);
    // A second login gives nothing more.
    await memberLogin(phone);
    expect((await memberRow(memberId)).growth).toBe(10);
  });

  it('gives 完善资料 once when every field asked is filled, and refuses emptying a required one', async () => {
    await ok(`${P}savefield`, {
      fields: [
        { key: 'name', on: true, required: true },
        { key: 'birthday', on: true, required: false },
      ],
    });
    const fields = await ok(`${P}getfield`, {});
    expect(fields).toEqual([
      { key: 'name', label: '姓名', on: true, required: true },
      { key: 'sex', label: '性别', on: false, required: false },
      { key: 'birthday', label: '生日', on: true, required: false },
    ]);
    expect((await h5('/h5/Member/UpdateProfile', { name: '' }, token)).body.msg).toBe('请填写姓名');
    const half = (await h5('/h5/Member/UpdateProfile', { name: '张三' }, token)).body.data;
    expect(half).toMatchObject({ name: '张三', birthday: '' });
    expect((await memberRow(memberId)).growth).toBe(10);
    await h5('/h5/Member/UpdateProfile', { birthday: '1990-05-01' }, token);
    expect((await memberRow(memberId)).growth).toBe(30);
    await h5('/h5/Member/UpdateProfile', { birthday: '1991-05-01' }, token);
    expect((await memberRow(memberId)).growth).toBe(30);
    expect((await h5('/h5/Member/UpdateProfile', { birthday: '1990-13-45' }, token)).body.msg).toBe('生日格式不正确');
  });

  it('moves members when a threshold changes or a free level is turned off (one job), and shows holders', async () => {
    await changeGrowth(ownerCtx(t, ownerA), { memberId, change: 500, kind: GROWTH_KIND.staff, reason: '测试', key: 'test:threshold' });
    expect((await memberRow(memberId)).levelId).toBe(gold);
    await save({ id: gold, name: '金卡', rank: 2, growth: 1000 });
    expect((await memberRow(memberId)).levelId).toBe(gold); // not yet: the job runs after the commit
    await runRecompute();
    expect((await memberRow(memberId)).levelId).toBe(silver);
    await save({ id: gold, name: '金卡', rank: 2, growth: 400 });
    await runRecompute();
    expect((await memberRow(memberId)).levelId).toBe(gold);
    const list = await ok(`${P}list`, { needpay: '0' });
    expect(list.find((l: { id: string }) => l.id === gold).holders).toBe(1);

    expect((await call(`${P}update`, { id: gold, op: 'off' })).body.msg).toBe('停用成功');
    await runRecompute();
    expect((await memberRow(memberId)).levelId).toBe(silver);
    expect((await call(`${P}update`, { id: gold, op: 'on' })).body.msg).toBe('启用成功');
    await runRecompute();
    expect((await memberRow(memberId)).levelId).toBe(gold);
    // Growth records stay one per change: the recompute writes none.
    const recs = await t.db.select().from(growthRecords).where(eq(growthRecords.memberId, memberId));
    expect(recs).toHaveLength(3);
  });

  it('refuses to delete a level members hold, deletes an unused one', async () => {
    expect(await call(`${P}update`, { id: gold, op: 'delete' })).toMatchObject({ body: { code: 1, msg: LEVEL_IN_USE_MSG } });
    const spare = await save({ name: '钻石', rank: 3, growth: 5000 });
    expect((await call(`${P}update`, { id: spare, op: 'delete' })).body.msg).toBe('删除成功');
    expect((await call(`${P}getlv`, { id: spare })).body).toMatchObject(MISSING);
    await runRecompute();
  });

  it('shows the member centre and the shop’s levels to the member', async () => {
    const c = (await h5('/h5/Member/GetCentre', {}, token)).body.data;
    expect(c).toMatchObject({ growth: 530, freeOn: true, payOn: false, level: { id: gold, name: '金卡' }, next: null, paidLevel: null });
    expect(c.tasks.map((x: { key: string }) => x.key)).toEqual(['register', 'profile']);
    // Paid level held, shown once paid levels are on.
    await t.db
      .update(members)
      .set({ paidLevelId: vip, paidLevelExpiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(members.id, memberId));
    expect((await h5('/h5/Member/GetCentre', {}, token)).body.data.paidLevel).toBeNull();
    expect((await call(`${P}changepay`, { on: '1' })).body.msg).toBe('已开启');
    const c2 = (await h5('/h5/Member/GetCentre', {}, token)).body.data;
    expect(c2.paidLevel).toMatchObject({ id: vip, name: '黑卡', price: 199.9 });
    await save({ id: gold, name: '金卡', rank: 2, growth: 400 });
    await save({ name: '钻石', rank: 3, growth: 1000 });
    const c3 = (await h5('/h5/Member/GetCentre', {}, token)).body.data;
    expect(c3.next).toEqual({ name: '钻石', growth: 1000, need: 470 });
    const lv = (await h5('/h5/Member/GetLevels', {}, token)).body.data;
    expect(lv.free.map((l: { name: string }) => l.name)).toEqual(['银卡', '金卡', '钻石']);
    expect(lv.paid.map((l: { name: string }) => l.name)).toEqual(['黑卡']);
    // Free levels off: hidden on the customer side.
    await call(`${P}changefree`, { on: '0' });
    expect(await ok(`${P}getconfig`, {})).toEqual({ freeOn: false, payOn: true, auditOn: false });
    expect((await h5('/h5/Member/GetCentre', {}, token)).body.data).toMatchObject({ freeOn: false, level: null, next: null });
    await call(`${P}changefree`, { on: '1' });
    // A staff token is nobody on the customer side; no token neither.
    expect((await h5('/h5/Member/GetCentre', {}, ownerA.token)).status).toBe(401);
    expect((await t.call('/h5/Member/GetLevels', {}, undefined, { [SHOP_HEADER]: shopA })).status).toBe(401);
  });

  it('lists the level grants (等级购买记录) by level, phone and day', async () => {
    await t.db.insert(levelGrants).values({
      renterId: ownerA.renterId,
      memberId,
      levelId: vip,
      levelName: '黑卡',
      source: 2,
      amountFen: 19990,
      operatorId: ownerA.userId,
    });
    const m = await memberRow(memberId);
    const r = await ok(`${P}GetRecordList`, { levelId: vip, phone: (m.phone ?? '').slice(-6), page_index: 1, page_size: 10 });
    expect(r).toMatchObject({
      total_count: 1,
      rows: [{ levelName: '黑卡', source: 2, sourceText: '后台设置', amount: 199.9, expireTime: '永久有效' }],
    });
    expect(r.rows[0].operator).not.toBe('');
    expect((await ok(`${P}GetRecordList`, { levelId: gold, page_index: 1, page_size: 10 })).total_count).toBe(0);
    expect(await msgOf(`${P}GetRecordList`, { start: '2026-02-30x', page_index: 1, page_size: 10 })).toBe('开始日期格式不正确');
    expect(await msgOf(`${P}GetRecordList`, { start: '2026-03-02', end: '2026-03-01', page_index: 1, page_size: 10 })).toBe(
      '开始日期不能晚于结束日期',
    );
  });

  it('filters growth records by member, kind and day', async () => {
    const base = { page_index: 1, page_size: 10 };
    expect((await ok('/Client/Customer/GetGroupLosgPage', { ...base, memberId })).total_count).toBe(3);
    expect((await ok('/Client/Customer/GetGroupLosgPage', { ...base, memberId, kind: 1 })).rows).toMatchObject([
      { change: 500, reason: '测试' },
    ]);
    expect((await ok('/Client/Customer/GetGroupLosgPage', { ...base, memberId, start: '2000-01-01', end: '2000-01-02' })).total_count).toBe(
      0,
    );
    expect((await ok('/Client/Customer/GetGroupLosgPage', { ...base, phone: '00000000000' })).total_count).toBe(0);
  });
});

describe('settings screens', () => {
  it('switches one registration field, and lists the catalogue', async () => {
    expect((await call(`${P}changefiled`, { key: 'sex', on: '1' })).body.msg).toBe('已开启');
    expect((await ok(`${P}getfield`, {})).find((f: { key: string }) => f.key === 'sex')).toMatchObject({ on: true, required: false });
    expect(await msgOf(`${P}changefiled`, { key: 'email', on: '1' })).toBe('资料项不正确');
    expect(await ok(`${P}getfieldconfig`, {})).toEqual([
      { key: 'name', label: '姓名' },
      { key: 'sex', label: '性别' },
      { key: 'birthday', label: '生日' },
    ]);
  });

  it('saves the growth tasks', async () => {
    await ok(`${P}savelvtask`, {
      tasks: [
        { key: 'register', on: true, growth: 50 },
        { key: 'signIn', on: true, growth: 2 },
      ],
    });
    const tasks = await ok(`${P}lvtask`, {});
    expect(tasks).toEqual([
      { key: 'register', label: '注册', on: true, growth: 50, live: true },
      { key: 'profile', label: '完善资料', on: true, growth: 20, live: true },
      { key: 'signIn', label: '每日签到', on: true, growth: 2, live: false },
      { key: 'spend', label: '消费每元', on: false, growth: 1, live: false },
    ]);
    expect(await msgOf(`${P}savelvtask`, { tasks: [{ key: 'register', on: true, growth: -1 }] })).toBe('成长值不能小于0');
    const r = await memberLogin(newPhone());
    expect((await memberRow(r.member.id)).growth).toBe(50);
  });

  it('saves the level page look and the cards', async () => {
    const card = { bgColor: '#112233', bgImage: '', textColor: '#ffffff' };
    await ok(`${P}savelvrenovation`, {
      page: { title: '我的会员', bgColor: '#ffffff', showNext: false, showRights: true },
      cards: [{ id: gold, card }],
    });
    const r = await ok(`${P}getlvrenovation`, {});
    expect(r.page).toEqual({ title: '我的会员', bgColor: '#ffffff', showNext: false, showRights: true });
    expect(r.levels.find((l: { id: string }) => l.id === gold).card).toEqual(card);
    expect(await msgOf(`${P}savelvrenovation`, { page: {}, cards: [{ id: gold, card: { ...card, bgColor: 'red' } }] })).toBe(
      '背景颜色格式不正确',
    );
  });
});

describe('refusals', () => {
  it('answers another renter’s level ids like missing ones and changes nothing of theirs', async () => {
    const bLevel = (await ok(`${P}save`, level({ name: '乙银卡' }), ownerB.token)).id;
    expect((await call(`${P}getlv`, { id: bLevel })).body).toMatchObject(MISSING);
    expect((await call(`${P}update`, { id: bLevel, op: 'off' })).body).toMatchObject(MISSING);
    expect((await call(`${P}update`, { id: bLevel, op: 'delete' })).body).toMatchObject(MISSING);
    expect((await call(`${P}save`, level({ id: bLevel, name: '改名' }))).body).toMatchObject(MISSING);
    const card = { bgColor: '#112233', bgImage: '', textColor: '#ffffff' };
    expect((await call(`${P}savelvrenovation`, { page: {}, cards: [{ id: bLevel, card }] })).body).toMatchObject(MISSING);
    expect((await ok(`${P}getlv`, { id: bLevel }, ownerB.token)).name).toBe('乙银卡');
    expect((await ok(`${P}list`, { needpay: '0' }, ownerB.token)).map((l: { name: string }) => l.name)).toEqual(['乙银卡']);
  });

  it('lets a view-only role look and refuses its writes, and keeps paid levels to CardLV1', async () => {
    expect(await ok(`${P}list`, { needpay: '0' }, viewer.token)).toHaveLength(3);
    expect((await call(`${P}list`, { needpay: '1' }, viewer.token)).body).toMatchObject(FORBIDDEN);
    expect((await call(`${P}getlv`, { id: vip }, viewer.token)).body).toMatchObject(FORBIDDEN);
    expect((await call(`${P}save`, level({ name: '新等级', rank: 9, growth: 99999 }), viewer.token)).body).toMatchObject(FORBIDDEN);
    expect((await call(`${P}update`, { id: gold, op: 'off' }, viewer.token)).body).toMatchObject(FORBIDDEN);
    expect((await call(`${P}changefree`, { on: '0' }, viewer.token)).body).toMatchObject(FORBIDDEN);
    expect((await call(`${P}changepay`, { on: '0' }, viewer.token)).body).toMatchObject(FORBIDDEN);
    expect((await call(`${P}savefield`, { fields: [{ key: 'name', on: false, required: false }] }, viewer.token)).body).toMatchObject(
      FORBIDDEN,
    );
    expect((await call(`${P}savelvtask`, { tasks: [{ key: 'register', on: false, growth: 0 }] }, viewer.token)).body).toMatchObject(
      FORBIDDEN,
    );
    expect((await call(`${P}savelvrenovation`, { page: {}, cards: [] }, viewer.token)).body).toMatchObject(FORBIDDEN);
    await ok(`${P}lvtask`, {}, viewer.token);
    await ok(`${P}getlvrenovation`, {}, viewer.token);
    await ok('/Client/Customer/GetGroupLosgPage', { page_index: 1, page_size: 10 }, viewer.token);
    await ok(`${P}GetRecordList`, { page_index: 1, page_size: 10 }, viewer.token);
  });
});

describe('growth keys', () => {
  it('changes growth once per key, five at once too, each answering the first change', async () => {
    const r = await memberLogin(newPhone());
    const id = r.member.id;
    const start = (await memberRow(id)).growth;
    const ctx = ownerCtx(t, ownerA);
    const change = { memberId: id, change: 7, kind: GROWTH_KIND.staff, reason: '同键', key: `test:same:${id}` };
    const results = await Promise.all(Array.from({ length: 5 }, () => changeGrowth(ctx, change)));
    expect(results.map((x) => [x.growth, x.repeated]).sort()).toEqual([
      [start + 7, false],
      [start + 7, true],
      [start + 7, true],
      [start + 7, true],
      [start + 7, true],
    ]);
    expect(await changeGrowth(ctx, { ...change, change: 100 })).toMatchObject({ growth: start + 7, repeated: true });
    expect((await memberRow(id)).growth).toBe(start + 7);
    const recs = await t.db
      .select()
      .from(growthRecords)
      .where(and(eq(growthRecords.memberId, id), eq(growthRecords.reason, '同键')));
    expect(recs).toHaveLength(1);
  });
});

describe('concurrent growth changes of one member', () => {
  raceIt('keeps every accepted change, never goes below 0, and the level matches the final growth', async () => {
    const r = await memberLogin(newPhone());
    const id = r.member.id;
    const start = (await memberRow(id)).growth;
    await t.db.delete(growthRecords).where(eq(growthRecords.memberId, id));
    const changes = Array.from({ length: 20 }, (_, i) => (i % 3 === 0 ? -300 : 120));
    const ctx = ownerCtx(t, ownerA);
    const results = await Promise.allSettled(
      changes.map((change, i) =>
        changeGrowth(ctx, { memberId: id, change, kind: GROWTH_KIND.staff, reason: '并发', key: `test:concurrent:${i}` }),
      ),
    );
    const accepted = changes.filter((_, i) => results[i].status === 'fulfilled');
    // The changes sum below 0 from any start under 100, so some deduction is always refused.
    expect(accepted.length).toBeLessThan(20);
    for (const [i, x] of results.entries()) {
      if (x.status === 'rejected') {
        expect(changes[i]).toBeLessThan(0);
        expect((x.reason as Error).message).toBe('扣减后成长值不能小于0');
      }
    }
    const m = await memberRow(id);
    expect(m.growth).toBe(start + accepted.reduce((a, b) => a + b, 0));
    expect(m.growth).toBeGreaterThanOrEqual(0);
    const recs = await t.db
      .select()
      .from(growthRecords)
      .where(and(eq(growthRecords.memberId, id), eq(growthRecords.reason, '并发')));
    expect(recs).toHaveLength(accepted.length);
    expect(recs.every((x) => x.growthAfter >= 0)).toBe(true);
    const free = (await ok(`${P}list`, { needpay: '0' })).filter((l: { status: number }) => l.status === 1);
    const expected = free
      .filter((l: { growth: number }) => l.growth <= m.growth)
      .sort((a: { growth: number }, b: { growth: number }) => b.growth - a.growth)[0];
    expect(m.levelId).toBe(expected?.id ?? null);
  });
});
