// 会员详情 (/memberdetail): the member's page, its staff operations, and where customers come from (form events).
import { randomUUID } from 'node:crypto';
import { FORBIDDEN_MSG, MEMBER_MISSING_MSG, SHOP_HEADER } from '@shop/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  growthRecords,
  idempotencyKeys,
  levelGrants,
  memberCards,
  memberEvents,
  memberGroupLinks,
  memberGroups,
  memberLevels,
  members,
  memberTagLinks,
  memberTags,
  memberTokens,
  operLogs,
  shops,
  vipCards,
} from '@/db/schema';
import { fmtDay, startOfToday } from '@/core/time';
import { answersOf, createForm, makeApp, newPhone, type Person, payBySandbox, type TestApp, testVisitorId } from './helper';
import { raceIt } from './race';

const DETAIL = '/Client/Customer/GetUserDetail';
const VIP = '/Client/Customer/GetUserVip';
const STATS = '/Client/Customer/GetUserOrderStic';
const GROUPS = '/Client/Customer/GetMebGropName';
const EVENTS = '/Client/ClientQuery/GetInterEvent';
const OPER = '/Client/ClientQuery/MemberOper';
const STATE = '/Client/ClientQuery/UserEditState';
const PWD = '/Client/ClientQuery/UserEditPwd';
const CARD = '/Client/ClientQuery/GetUserInfo';
const RECOUNT = '/Client/ClientQuery/UpdateUserOrderPayCount';
const CREATE = '/Order/FromOrder/Create';

const RIGHTS = { discount: 1000, pointsTimes: 10, freeShipping: false, birthdayPoints: 0 };
const LOOK = { bgColor: '#000000', bgImage: '', textColor: '#ffffff' };

let t: TestApp;
let a: Person;
let b: Person;
let shopA: string;
/** Free levels of A: 银卡 at 100, 金卡 at 500, 钻石 at 2000; a paid level 尊享 of 30 days. */
const lv: Record<string, string> = {};

async function addMember(renterId: string, over: Partial<typeof members.$inferInsert> = {}) {
  const phone = newPhone();
  const [m] = await t.db
    .insert(members)
    .values({ renterId, phone, kind: 1, nickname: `用户${phone.slice(-4)}`, memberAt: new Date(), ...over })
    .returning();
  return m;
}

async function level(renterId: string, name: string, needpay: number, rank: number, growth: number, validDays = 0) {
  const [l] = await t.db
    .insert(memberLevels)
    .values({ renterId, name, needpay, rank, growth, validDays, rights: RIGHTS, card: LOOK })
    .returning();
  return l.id;
}

const memberRow = async (id: string) => (await t.db.select().from(members).where(eq(members.id, id)))[0];
const eventsOf = async (id: string) =>
  t.db.select().from(memberEvents).where(eq(memberEvents.memberId, id)).orderBy(asc(memberEvents.createdAt));

beforeAll(async () => {
  t = await makeApp();
  a = await t.registerOwner('会员详情店甲');
  b = await t.registerOwner('会员详情店乙');
  shopA = (await t.db.select().from(shops).where(eq(shops.renterId, a.renterId)).limit(1))[0].id;
  lv.silver = await level(a.renterId, '银卡', 0, 1, 100);
  lv.gold = await level(a.renterId, '金卡', 0, 2, 500);
  lv.diamond = await level(a.renterId, '钻石', 0, 3, 2000);
  lv.vip = await level(a.renterId, '尊享', 1, 1, 0, 30);
  lv.forever = await level(a.renterId, '终身', 1, 2, 0, 0);
  lv.bPaid = await level(b.renterId, '乙店付费', 1, 1, 0, 30);
}, 60_000);
afterAll(() => t.close());

describe('GetUserDetail', () => {
  it('shows profile, figures, level and the next one, tags, groups (rule or added) and cards held', async () => {
    const m = await addMember(a.renterId, {
      name: '王小明',
      sex: 1,
      birthday: '1990-05-01',
      growth: 120,
      levelId: lv.silver,
      orderCount: 3,
      spendFen: 12345,
      lastOrderAt: new Date('2025-01-02T03:04:05Z'),
      balanceFen: 500,
      points: 40,
      remark: '老客户',
    });
    const [tag] = await t.db.insert(memberTags).values({ renterId: a.renterId, name: '高价值' }).returning();
    await t.db.insert(memberTagLinks).values({ renterId: a.renterId, tagId: tag.id, memberId: m.id });
    const rule = (min: number) => ({ op: 'and' as const, items: [{ field: 'growth' as const, min }] });
    const [byRule] = await t.db
      .insert(memberGroups)
      .values({ renterId: a.renterId, name: '成长值100+', rule: rule(100) })
      .returning();
    await t.db.insert(memberGroups).values({ renterId: a.renterId, name: '成长值1万+', rule: rule(10000) });
    const [byHand] = await t.db
      .insert(memberGroups)
      .values({ renterId: a.renterId, name: '手动分组', rule: { op: 'and', items: [] } })
      .returning();
    await t.db.insert(memberGroupLinks).values({ renterId: a.renterId, groupId: byHand.id, memberId: m.id });
    const [card] = await t.db.insert(vipCards).values({ renterId: a.renterId, name: '黑卡', rights: RIGHTS, cover: LOOK }).returning();
    const [old] = await t.db.insert(vipCards).values({ renterId: a.renterId, name: '旧卡', rights: RIGHTS, cover: LOOK }).returning();
    await t.db.insert(memberCards).values([
      { renterId: a.renterId, cardId: card.id, memberId: m.id, cardNo: `C${randomUUID().slice(0, 8)}`, source: 3 },
      {
        renterId: a.renterId,
        cardId: old.id,
        memberId: m.id,
        cardNo: `C${randomUUID().slice(0, 8)}`,
        source: 3,
        expiresAt: new Date(Date.now() - 86_400_000),
      },
    ]);

    const d = await t.ok(DETAIL, { id: m.id }, a.token);
    expect(d).toMatchObject({
      id: m.id,
      phone: m.phone,
      name: '王小明',
      sex: 1,
      sexText: '男',
      birthday: '1990-05-01',
      kind: 1,
      kindText: '会员',
      status: 1,
      statusText: '正常',
      sourceText: 'H5商城',
      remark: '老客户',
      orderCount: 3,
      spend: 123.45,
      balance: 5,
      points: 40,
      growth: 120,
      levelName: '银卡',
      nextLevel: { id: lv.gold, name: '金卡', growth: 500, need: 380 },
      tags: [{ id: tag.id, name: '高价值' }],
      groups: [
        { id: byRule.id, name: '成长值100+' },
        { id: byHand.id, name: '手动分组' },
      ],
    });
    expect(d.lastOrderTime).toMatch(/^2025-01-02 \d\d:04:05$/);
    expect(d.cards.map((c: { name: string; valid: boolean; stateText: string }) => [c.name, c.valid, c.stateText]).sort()).toEqual([
      ['旧卡', false, '已过期'],
      ['黑卡', true, '有效'],
    ]);
    expect(await t.ok(GROUPS, { id: m.id }, a.token)).toEqual(['成长值100+', '手动分组']);
  });

  it('answers the short card of a member, the paid level before the free one', async () => {
    const m = await addMember(a.renterId, { name: '李四', levelId: lv.silver, growth: 100 });
    expect(await t.ok(CARD, { id: m.id }, a.token)).toEqual({
      id: m.id,
      phone: m.phone,
      name: '李四',
      nickname: m.nickname,
      avatar: '',
      levelName: '银卡',
    });
    await t.ok(OPER, { id: m.id, oper: 'level', levelId: lv.vip }, a.token);
    expect((await t.ok(CARD, { id: m.id }, a.token)).levelName).toBe('尊享');
  });
});

describe('another renter and missing members', () => {
  it('answers 会员不存在 for another renter’s member and a missing id, on every call, and changes nothing', async () => {
    const theirs = await addMember(b.renterId, { growth: 5 });
    const bodies: [string, Record<string, unknown>][] = [
      [DETAIL, {}],
      [VIP, {}],
      [STATS, {}],
      [GROUPS, {}],
      [EVENTS, { page_index: 1, page_size: 10 }],
      [OPER, { oper: 'growth', change: 10, reason: '补发' }],
      [OPER, { oper: 'remark', remark: '改备注' }],
      [STATE, { status: 0 }],
      [PWD, { pwd: 'abc12345' }],
      [CARD, {}],
      [RECOUNT, {}],
    ];
    for (const [path, body] of bodies)
      for (const id of [theirs.id, randomUUID()]) {
        const r = await t.call(path, { id, ...body }, a.token);
        expect(r.body, `${path} ${id}`).toMatchObject({ code: 1004, msg: MEMBER_MISSING_MSG });
      }
    expect(await memberRow(theirs.id)).toMatchObject({ growth: 5, status: 1, remark: '', passwordHash: null });
  });

  it('refuses another renter’s paid level like a missing one', async () => {
    const m = await addMember(a.renterId);
    for (const levelId of [lv.bPaid, randomUUID(), lv.gold]) {
      const r = await t.call(OPER, { id: m.id, oper: 'level', levelId }, a.token);
      expect(r.body).toMatchObject({ code: 1004, msg: '付费等级不存在' });
    }
  });
});

describe('validation', () => {
  it('names the field in each refusal', async () => {
    const m = await addMember(a.renterId);
    const cases: [string, Record<string, unknown>, string][] = [
      [OPER, { oper: 'growth', change: 10 }, '请输入调整原因'],
      [OPER, { oper: 'growth', change: 10, reason: '  ' }, '请输入调整原因'],
      [OPER, { oper: 'growth', change: 0, reason: '补' }, '调整的成长值不能为0'],
      [OPER, { oper: 'growth', change: 1.5, reason: '补' }, '调整的成长值须为整数'],
      [OPER, { oper: 'growth', reason: '补' }, '请输入调整的成长值'],
      [OPER, { oper: 'fly' }, '操作类型不正确'],
      [OPER, { oper: 'profile', name: '张'.repeat(21), sex: 0, birthday: '', remark: '' }, '姓名不能超过20个字'],
      [OPER, { oper: 'profile', name: '', sex: 0, birthday: '1990-02-30', remark: '' }, '生日格式不正确'],
      [OPER, { oper: 'profile', name: '', sex: 0, birthday: '2999-01-01', remark: '' }, '生日不能晚于今天'],
      [OPER, { oper: 'profile', name: '', sex: 3, birthday: '', remark: '' }, '性别不正确'],
      [OPER, { oper: 'remark', remark: '备'.repeat(201) }, '备注不能超过200个字'],
      [STATE, { status: 2 }, '状态不正确'],
      [PWD, {}, '请输入新密码'],
      [PWD, { pwd: '12345678' }, '密码须为8-16位字母和数字组合，不能全为数字或全为字母'],
    ];
    for (const [path, body, msg] of cases) {
      const r = await t.call(path, { id: m.id, ...body }, a.token);
      expect(r.body.code, `${path} ${JSON.stringify(body)}`).toBe(1001);
      expect(JSON.stringify(r.body), `${path} ${JSON.stringify(body)}`).toContain(msg);
    }
    expect((await t.call(DETAIL, {}, a.token)).body).toMatchObject({ code: 1001, msg: expect.stringContaining('缺少会员id') });
    expect(await memberRow(m.id)).toMatchObject({ growth: 0, name: '', remark: '' });
  });

  it('refuses growth, paid level and password for a customer who is no member yet', async () => {
    const c = await t.db
      .insert(members)
      .values({ renterId: a.renterId, kind: 0, visitorId: `v-${randomUUID()}`, source: 4 })
      .returning();
    const id = c[0].id;
    expect((await t.call(OPER, { id, oper: 'growth', change: 5, reason: '补' }, a.token)).body.msg).toBe(
      '该客户尚未注册为会员，不能调整成长值',
    );
    expect((await t.call(OPER, { id, oper: 'level', levelId: lv.vip }, a.token)).body.msg).toBe('该客户尚未注册为会员，不能设置付费等级');
    expect((await t.call(PWD, { id, pwd: 'abc12345' }, a.token)).body.msg).toBe('该客户尚未注册为会员，不能设置登录密码');
    expect((await t.ok(DETAIL, { id }, a.token)).kindText).toBe('客户');
  });
});

describe('a view-only role', () => {
  it('reads the page but is refused every write', async () => {
    const viewer = await t.addMember(a.renterId, ['customerInquiry'], { exact: true });
    const m = await addMember(a.renterId);
    await t.ok(DETAIL, { id: m.id }, viewer.token);
    await t.ok(EVENTS, { id: m.id, page_index: 1, page_size: 10 }, viewer.token);
    for (const [path, body] of [
      [OPER, { id: m.id, oper: 'growth', change: 10, reason: '补发' }],
      [OPER, { id: m.id, oper: 'profile', name: '改', sex: 1, birthday: '', remark: '' }],
      [STATE, { id: m.id, status: 0 }],
      [PWD, { id: m.id, pwd: 'abc12345' }],
      [RECOUNT, { id: m.id }],
    ] as const) {
      expect((await t.call(path, body, viewer.token)).body, path).toMatchObject({ code: 1003, msg: FORBIDDEN_MSG });
    }
    expect(await memberRow(m.id)).toMatchObject({ growth: 0, name: '', status: 1 });
  });
});

describe('MemberOper', () => {
  it('raises and lowers growth with the level following, a growth record, history lines and an audit row each', async () => {
    const m = await addMember(a.renterId);
    expect((await t.call(OPER, { id: m.id, oper: 'growth', change: 600, reason: '活动奖励' }, a.token)).body).toMatchObject({
      code: 0,
      msg: '调整成功，等级变为金卡',
    });
    expect(await memberRow(m.id)).toMatchObject({ growth: 600, levelId: lv.gold });
    const vip = await t.ok(VIP, { id: m.id }, a.token);
    expect(vip).toMatchObject({ growth: 600, levelName: '金卡', nextLevel: { name: '钻石', need: 1400 } });
    expect((await t.call(OPER, { id: m.id, oper: 'growth', change: -550, reason: '误发扣回' }, a.token)).body.msg).toBe(
      '调整成功，等级变为无等级',
    );
    expect(await memberRow(m.id)).toMatchObject({ growth: 50, levelId: null });
    expect((await t.call(OPER, { id: m.id, oper: 'growth', change: -51, reason: '扣' }, a.token)).body.msg).toBe('扣减后成长值不能小于0');
    const records = await t.db.select().from(growthRecords).where(eq(growthRecords.memberId, m.id));
    expect(records.map((r) => [r.change, r.reason, r.levelAfter]).sort()).toEqual([
      [-550, '误发扣回', ''],
      [600, '活动奖励', '金卡'],
    ]);
    const page = await t.ok(EVENTS, { id: m.id, page_index: 1, page_size: 2 }, a.token);
    expect(page.total_count).toBe(4);
    expect(page.rows).toHaveLength(2);
    const all = (await t.ok(EVENTS, { id: m.id, page_index: 1, page_size: 10 }, a.token)).rows;
    expect(all.map((r: { title: string }) => r.title)).toEqual(
      expect.arrayContaining(['增加成长值600', '等级变为金卡', '扣减成长值550', '等级已取消']),
    );
    // The staff member who did it, by the login module's names.
    expect(all.find((r: { title: string }) => r.title === '增加成长值600').operatorName).not.toBe('');
    const logs = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.recordId, m.id), eq(operLogs.action, '调整成长值')));
    expect(logs).toHaveLength(2);
  });

  it('sets a paid level for its valid days, replaces it, and removes it', async () => {
    const m = await addMember(a.renterId);
    expect((await t.call(OPER, { id: m.id, oper: 'level', levelId: lv.vip }, a.token)).body).toMatchObject({ code: 0, msg: '设置成功' });
    const row = await memberRow(m.id);
    expect(row.paidLevelId).toBe(lv.vip);
    const days = ((row.paidLevelExpiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    await t.ok(OPER, { id: m.id, oper: 'level', levelId: lv.forever }, a.token);
    const vip = await t.ok(VIP, { id: m.id }, a.token);
    expect(vip).toMatchObject({ paidLevelId: lv.forever, paidLevelName: '终身', paidLevelExpire: '', paidLevelValid: true });
    expect(vip.grants.map((g: { levelName: string; sourceText: string }) => [g.levelName, g.sourceText]).sort()).toEqual([
      ['尊享', '商家设置'],
      ['终身', '商家设置'],
    ]);
    expect(vip.paidLevels.map((l: { name: string }) => l.name)).toEqual(['尊享', '终身']);
    expect((await t.call(OPER, { id: m.id, oper: 'level', levelId: '' }, a.token)).body.msg).toBe('已取消付费等级');
    expect(await memberRow(m.id)).toMatchObject({ paidLevelId: null, paidLevelExpiresAt: null });
    expect((await t.call(OPER, { id: m.id, oper: 'level', levelId: '' }, a.token)).body.msg).toBe('该会员没有付费等级');
    expect(await t.db.select({ n: count() }).from(levelGrants).where(eq(levelGrants.memberId, m.id))).toEqual([{ n: 2 }]);
    expect((await eventsOf(m.id)).map((e) => e.title)).toEqual(['设置付费等级「尊享」', '设置付费等级「终身」', '取消付费等级「终身」']);
  });

  it('edits the profile and the remark, audited with before and after', async () => {
    const m = await addMember(a.renterId, { name: '旧名' });
    await t.ok(OPER, { id: m.id, oper: 'profile', name: ' 新名 ', sex: 2, birthday: '1995-12-31', remark: '喜欢甜食' }, a.token);
    expect(await memberRow(m.id)).toMatchObject({ name: '新名', sex: 2, birthday: '1995-12-31', remark: '喜欢甜食' });
    // Today, as a day of the display zone (China time), is a birthday; tomorrow is not.
    const today = fmtDay(new Date());
    await t.ok(OPER, { id: m.id, oper: 'profile', name: '新名', sex: 2, birthday: today, remark: '喜欢甜食' }, a.token);
    expect(await memberRow(m.id)).toMatchObject({ birthday: today });
    const tomorrow = fmtDay(new Date(startOfToday().getTime() + 36 * 3_600_000));
    const late = await t.call(OPER, { id: m.id, oper: 'profile', name: '新名', sex: 2, birthday: tomorrow, remark: '' }, a.token);
    expect(late.body).toMatchObject({ code: 1001, msg: '生日不能晚于今天' });
    expect(await memberRow(m.id)).toMatchObject({ birthday: today, remark: '喜欢甜食' });
    await t.ok(OPER, { id: m.id, oper: 'remark', remark: '' }, a.token);
    await t.ok(OPER, { id: m.id, oper: 'profile', name: '新名', sex: 2, birthday: '', remark: '' }, a.token);
    expect(await memberRow(m.id)).toMatchObject({ birthday: null, remark: '' });
    const [log] = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.recordId, m.id), eq(operLogs.action, '编辑资料')))
      .orderBy(asc(operLogs.createdAt))
      .limit(1);
    expect(log.before).toMatchObject({ name: '旧名', sex: 0 });
    expect(log.after).toMatchObject({ name: '新名', sex: 2 });
  });
});

describe('state and password', () => {
  /** Logs the phone in on A's shop by SMS: a member token. */
  async function smsLogin(phone: string) {
    await t.passSmsCooldown(phone);
    await t.call('/h5/Member/SendCode', { phone }, undefined, { [SHOP_HEADER]: shopA });
    const r = await t.call('/h5/Member/LoginBySms', { phone, code: t.smsCode(phone) }, undefined, { [SHOP_HEADER]: shopA });
    if (r.body.code !== 0) throw new Error(r.body.msg);
    return r.body.data as { token: string; member: { id: string }; created: boolean };
  }
  const profile = (token: string) => t.call('/h5/Member/GetProfile', {}, token, { [SHOP_HEADER]: shopA });

  it('forbidding ends the member’s tokens at once and refuses login; allowing lets them log in again', async () => {
    const phone = newPhone();
    const { token, member } = await smsLogin(phone);
    expect((await profile(token)).body.code).toBe(0);
    expect((await t.call(STATE, { id: member.id, status: 0 }, a.token)).body).toMatchObject({ code: 0, msg: '禁用成功' });
    expect((await profile(token)).status).toBe(401);
    const live = await t.db.select().from(memberTokens).where(eq(memberTokens.memberId, member.id));
    expect(live.every((x) => x.revokedAt !== null)).toBe(true);
    await expect(smsLogin(phone)).rejects.toThrow('该会员已被停用，请联系商家');
    expect((await t.ok(DETAIL, { id: member.id }, a.token)).statusText).toBe('禁用');
    expect((await t.call(STATE, { id: member.id, status: 1 }, a.token)).body.msg).toBe('启用成功');
    const again = await smsLogin(phone);
    expect((await profile(again.token)).body.code).toBe(0);
    expect((await eventsOf(member.id)).map((e) => e.title)).toEqual(['注册成为会员', '商家禁用了该会员', '商家启用了该会员']);
  });

  it('resets the shop password (the member logs in with it), audited without the password', async () => {
    const phone = newPhone();
    const { member } = await smsLogin(phone);
    expect((await t.call(PWD, { id: member.id, pwd: 'newpass123' }, a.token)).body).toMatchObject({ code: 0, msg: '密码重置成功' });
    const r = await t.call('/h5/Member/LoginByPwd', { phone, pwd: 'newpass123' }, undefined, { [SHOP_HEADER]: shopA });
    expect(r.body.code).toBe(0);
    const logs = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.recordId, member.id), eq(operLogs.action, '重置会员密码')));
    expect(logs).toHaveLength(1);
    expect(JSON.stringify(logs[0])).not.toContain('newpass123');
    expect((await eventsOf(member.id)).map((e) => e.title)).toContain('商家重置了登录密码');
  });
});

describe('concurrent growth changes', () => {
  raceIt('20 changes of one member at once: final growth and level right, 20 growth records', async () => {
    const m = await addMember(a.renterId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call(OPER, { id: m.id, oper: 'growth', change: 100, reason: `并发${i}` }, a.token)),
    );
    expect(answers.map((x) => x.body.code)).toEqual(Array(20).fill(0));
    expect(await memberRow(m.id)).toMatchObject({ growth: 2000, levelId: lv.diamond });
    expect(await t.db.select({ n: count() }).from(growthRecords).where(eq(growthRecords.memberId, m.id))).toEqual([{ n: 20 }]);
    const afters = (await t.db.select().from(growthRecords).where(eq(growthRecords.memberId, m.id)))
      .map((r) => r.growthAfter)
      .sort((x, y) => x - y);
    expect(afters).toEqual(Array.from({ length: 20 }, (_, i) => (i + 1) * 100));
  });
});

describe('a retried growth adjustment', () => {
  it('adds once for one Idempotency-Key, at once or after the key is forgotten, and answers the first message', async () => {
    const m = await addMember(a.renterId);
    const key = `grow-${randomUUID()}`;
    const body = { id: m.id, oper: 'growth', change: 600, reason: '重试' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.call(OPER, body, a.token, { 'Idempotency-Key': key })));
    expect(answers.map((x) => [x.body.code, x.body.msg])).toEqual(Array(5).fill([0, '调整成功，等级变为金卡']));
    // The key's answer is gone (24 h later, or a crash before it was stored): the growth record's key still holds.
    await t.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect((await t.call(OPER, body, a.token, { 'Idempotency-Key': key })).body).toMatchObject({ code: 0, msg: '调整成功，等级变为金卡' });
    expect(await memberRow(m.id)).toMatchObject({ growth: 600, levelId: lv.gold });
    const records = await t.db.select().from(growthRecords).where(eq(growthRecords.memberId, m.id));
    expect(records.map((r) => [r.change, r.idemKey])).toEqual([[600, `staff:${a.userId}:${key}`]]);
    const logs = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.recordId, m.id), eq(operLogs.action, '调整成长值')));
    expect(logs).toHaveLength(1);
    // Another action (a new key) adds again.
    await t.ok(OPER, { ...body, change: 10 }, a.token);
    expect((await memberRow(m.id)).growth).toBe(610);
  });
});

describe('where customers come from', () => {
  const visitor = (name: string) => `detail-${name}-${randomUUID().slice(0, 8)}`;
  /** The customer row of the test's visitor of this name (the id its signed visitor header carries). */
  const byVisitor = async (v: string) =>
    (
      await t.db
        .select()
        .from(members)
        .where(and(eq(members.renterId, a.renterId), eq(members.visitorId, testVisitorId(v))))
    )[0];
  const byPhone = async (p: string) =>
    (
      await t.db
        .select()
        .from(members)
        .where(and(eq(members.renterId, a.renterId), eq(members.phone, p)))
    )[0];

  it('a visitor who submits a form becomes a customer (source 表单); the same phone later is the same row', async () => {
    const form = await createForm(t, a.token, { formName: '客户来源表单' });
    const v = visitor('submit');
    const phone = newPhone();
    await t.ok(CREATE, { id: form, visitor: v, answers: answersOf('赵六', { phone }) });
    expect(await byVisitor(v)).toBeUndefined(); // nothing inline: the subscriber runs with the queue
    await t.services.jobs.runDue();
    const c = await byVisitor(v);
    expect(c).toMatchObject({ kind: 0, source: 4, phone, memberAt: null });
    // Another visitor giving the same phone is the same person.
    await t.ok(CREATE, { id: form, visitor: visitor('other'), answers: answersOf('赵六', { phone }) });
    await t.services.jobs.runDue();
    expect(
      await t.db
        .select({ n: count() })
        .from(members)
        .where(and(eq(members.renterId, a.renterId), eq(members.phone, phone))),
    ).toEqual([{ n: 1 }]);
    expect((await eventsOf(c.id)).map((e) => e.title)).toEqual(['提交了表单「客户来源表单」', '提交了表单「客户来源表单」']);
    // A member with the phone is found, not copied.
    const m = await addMember(a.renterId);
    await t.ok(CREATE, { id: form, visitor: visitor('member'), answers: answersOf('钱七', { phone: m.phone }) });
    await t.services.jobs.runDue();
    expect(await byPhone(m.phone as string)).toMatchObject({ id: m.id, kind: 1 });
  });

  it('a paid form order adds to the customer’s figures once, and the recount agrees', async () => {
    const form = await createForm(t, a.token, { formName: '付费体验课', needPay: 1, price: 66.6 });
    const v = visitor('pay');
    const phone = newPhone();
    for (let i = 0; i < 2; i++) {
      const o = await t.ok(CREATE, { id: form, visitor: v, answers: answersOf('孙八', { phone }) });
      await payBySandbox(t, o.qr_code);
    }
    await t.services.jobs.runDue();
    await t.services.jobs.runDue(); // a redelivery finds its delivery record
    const c = await byPhone(phone);
    expect(c).toMatchObject({ kind: 0, orderCount: 2, spendFen: 13320, visitorId: testVisitorId(v) });
    expect(c.lastOrderAt).not.toBeNull();
    const stats = await t.ok(STATS, { id: c.id }, a.token);
    expect(stats).toMatchObject({ orderCount: 2, spend: 133.2, average: 66.6 });
    expect(stats.months).toHaveLength(1);
    expect(stats.months[0]).toMatchObject({ count: 2, spend: 133.2 });
    // Figures spoiled by hand come back from the orders.
    await t.db.update(members).set({ orderCount: 9, spendFen: 1 }).where(eq(members.id, c.id));
    expect(await t.ok(RECOUNT, { id: c.id }, a.token)).toMatchObject({ orderCount: 2, spend: 133.2 });
    expect(await memberRow(c.id)).toMatchObject({ orderCount: 2, spendFen: 13320 });
    expect((await eventsOf(c.id)).filter((e) => e.kind === 'order')).toHaveLength(2);
  });

  it('a customer who logs in by SMS with that phone becomes the member (kind 1), no new row', async () => {
    const form = await createForm(t, a.token, { formName: '转会员表单' });
    const v = visitor('turn');
    const phone = newPhone();
    await t.ok(CREATE, { id: form, visitor: v, answers: answersOf('周九', { phone }) });
    await t.services.jobs.runDue();
    const before = await byPhone(phone);
    expect(before.kind).toBe(0);
    await t.passSmsCooldown(phone);
    await t.call('/h5/Member/SendCode', { phone }, undefined, { [SHOP_HEADER]: shopA });
    const r = await t.call('/h5/Member/LoginBySms', { phone, code: t.smsCode(phone) }, undefined, { [SHOP_HEADER]: shopA });
    expect(r.body).toMatchObject({ code: 0, data: { created: true, member: { id: before.id } } });
    const after = await byPhone(phone);
    expect(after).toMatchObject({ id: before.id, kind: 1, source: 4, visitorId: testVisitorId(v) });
    expect(after.memberAt).not.toBeNull();
    expect(
      await t.db
        .select({ n: count() })
        .from(members)
        .where(and(eq(members.renterId, a.renterId), eq(members.phone, phone))),
    ).toEqual([{ n: 1 }]);
    // The next login is no registration.
    await t.passSmsCooldown(phone);
    await t.call('/h5/Member/SendCode', { phone }, undefined, { [SHOP_HEADER]: shopA });
    const again = await t.call('/h5/Member/LoginBySms', { phone, code: t.smsCode(phone) }, undefined, { [SHOP_HEADER]: shopA });
    expect(again.body.data.created).toBe(false);
  });
});
