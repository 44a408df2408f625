import { FORBIDDEN_MSG, SHOP_HEADER } from '@shop/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberCards, memberEvents, members, operLogs, shops, vipCards } from '@/db/schema';
import { makeApp, newPhone, type Person, type TestApp } from './helper';
import { raceIt } from './race';

const LIST = '/Config/VIPCard/list';
const PICK = '/Config/VIPCard/vipchklist';
const DETAIL = '/Config/VIPCard/detail';
const SAVE = '/Config/VIPCard/save';
const DEL = '/Config/VIPCard/delete';
const FORBID = '/Config/VIPCard/forbidd';
const HOLDERS = '/Config/VIPCard/userlist';
const GRANT = '/Config/VIPCard/grant';
const WITHDRAW = '/Config/VIPCard/withdraw';
const H5_LIST = '/h5/Card/List';
const H5_MINE = '/h5/Card/Mine';
const H5_CLAIM = '/h5/Card/Claim';

const DAY = 86_400_000;
const rights = { discount: 950, pointsTimes: 20, freeShipping: true, birthdayPoints: 100 };
const cover = { bgColor: '#1f1f1f', bgImage: '', textColor: '#ffffff' };

let t: TestApp;
let ownerA: Person;
let ownerB: Person;
let shopA: string;
let shopB: string;
let seq = 0;

const shopOf = async (renterId: string) => (await t.db.select().from(shops).where(eq(shops.renterId, renterId)).limit(1))[0].id;

function h5(path: string, body: unknown, shop: string, token?: string) {
  return t.call(path, body, token, { [SHOP_HEADER]: shop });
}
async function h5ok(path: string, body: unknown, shop: string, token?: string) {
  const r = await h5(path, body, shop, token);
  if (r.status !== 200 || r.body.code !== 0) throw new Error(`${path}: ${r.status} ${r.body.code} ${r.body.msg}`);
  return r.body.data;
}

/** A new member of the shop, logged in by SMS code: {token, id, phone}. */
async function newMember(shop: string) {
  const phone = newPhone();
  await t.passSmsCooldown(phone);
  await h5ok('/h5/Member/SendCode', { phone }, shop);
  const d = await h5ok('/h5/Member/LoginBySms', { phone, code: t.smsCode(phone) }, shop);
  return { token: d.token as string, id: d.member.id as string, phone };
}

const cardBody = (over: Record<string, unknown> = {}) => ({
  name: `会员卡${++seq}`,
  needpay: 0,
  validDays: 30,
  rights,
  cover,
  notice: '仅限本店使用',
  ...over,
});
async function newCard(owner: Person, over: Record<string, unknown> = {}): Promise<string> {
  return (await t.ok(SAVE, cardBody(over), owner.token)).id;
}
const cardRow = async (id: string) => (await t.db.select().from(vipCards).where(eq(vipCards.id, id)))[0];
const heldRows = (cardId: string) => t.db.select().from(memberCards).where(eq(memberCards.cardId, cardId));
const eventsOf = async (memberId: string) =>
  (
    await t.db
      .select()
      .from(memberEvents)
      .where(and(eq(memberEvents.memberId, memberId), eq(memberEvents.kind, 'card')))
  ).map((e) => e.title);

beforeAll(async () => {
  t = await makeApp();
  ownerA = await t.registerOwner('权益卡测试甲');
  ownerB = await t.registerOwner('权益卡测试乙');
  shopA = await shopOf(ownerA.renterId);
  shopB = await shopOf(ownerB.renterId);
});
afterAll(() => t.close());

describe('saving a card', () => {
  it('refuses bad input with messages naming the field', async () => {
    const bad = async (over: Record<string, unknown>) => (await t.call(SAVE, cardBody(over), ownerA.token)).body;
    expect(await bad({ name: '' })).toMatchObject({ code: 1001, msg: '请输入权益卡名称' });
    expect(await bad({ name: '卡'.repeat(21) })).toMatchObject({ code: 1001, msg: '权益卡名称不能超过20个字' });
    expect(await bad({ needpay: 1 })).toMatchObject({ code: 1001, msg: '请输入售价' });
    expect(await bad({ needpay: 1, price: 0 })).toMatchObject({ code: 1001, msg: '售价须大于0' });
    expect(await bad({ needpay: 1, price: '9.999' })).toMatchObject({ code: 1001, msg: '售价最多保留两位小数' });
    expect(await bad({ validDays: -1 })).toMatchObject({ code: 1001, msg: '有效天数不能小于0' });
    expect(await bad({ validDays: 1.5 })).toMatchObject({ code: 1001, msg: '有效天数须为整数' });
    expect(await bad({ notice: '须'.repeat(501) })).toMatchObject({ code: 1001, msg: '使用须知不能超过500个字' });
    expect(await bad({ rights: { ...rights, discount: 0 } })).toMatchObject({ code: 1001, msg: '折扣须在0.1折到10折之间' });
    expect(await bad({ cover: { ...cover, bgColor: 'red' } })).toMatchObject({ code: 1001, msg: '背景颜色格式不正确' });
    expect(await bad({ cover: { ...cover, bgImage: 'javascript:alert(1)' } })).toMatchObject({ code: 1001, msg: '背景图片地址不正确' });
  });

  it('creates, reads back in yuan, edits, and keeps names unique per renter', async () => {
    const id = await newCard(ownerA, { name: '黑金卡', needpay: 1, price: '199.90', validDays: 365 });
    const d = await t.ok(DETAIL, { id }, ownerA.token);
    expect(d).toMatchObject({
      name: '黑金卡',
      needpay: 1,
      price: 199.9,
      validDays: 365,
      validText: '领取后365天内有效',
      rights,
      cover,
      notice: '仅限本店使用',
      status: 1,
      holderCount: 0,
    });
    expect((await cardRow(id)).priceFen).toBe(19990);
    expect((await t.call(SAVE, cardBody({ name: '黑金卡' }), ownerA.token)).body).toMatchObject({ code: 1001, msg: '权益卡名称已存在' });
    // Another renter may use the name.
    await newCard(ownerB, { name: '黑金卡' });
    // Editing keeps its own name; a free card drops the price; 0 days is 永久有效.
    await t.ok(SAVE, cardBody({ id, name: '黑金卡', needpay: 0, price: 10, validDays: 0 }), ownerA.token);
    expect(await t.ok(DETAIL, { id }, ownerA.token)).toMatchObject({ needpay: 0, price: 0, validText: '永久有效' });
    const logs = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, ownerA.renterId), eq(operLogs.recordId, id)));
    expect(logs.map((l) => l.action).sort()).toEqual(['新建权益卡', '编辑权益卡']);
  });

  it("answers another renter's card like a missing one", async () => {
    const idB = await newCard(ownerB);
    for (const [path, body] of [
      [DETAIL, { id: idB }],
      [SAVE, cardBody({ id: idB })],
      [DEL, { id: idB }],
      [FORBID, { id: idB, status: 0 }],
      [HOLDERS, { id: idB }],
      [GRANT, { cardId: idB, phones: ['13900000000'] }],
    ] as const) {
      expect((await t.call(path, body, ownerA.token)).body, path).toMatchObject({ code: 1004, msg: '权益卡不存在' });
    }
    expect((await cardRow(idB)).status).toBe(1);
  });
});

describe('the card list', () => {
  it('pages, filters by keyword and status, sorts by holders; the picker has enabled cards only', async () => {
    const owner = await t.registerOwner('权益卡列表');
    const shop = await shopOf(owner.renterId);
    const a = await newCard(owner, { name: '银卡' });
    const b = await newCard(owner, { name: '金卡' });
    const c = await newCard(owner, { name: '铜卡', status: 0 });
    const m = await newMember(shop);
    await t.ok(GRANT, { cardId: b, memberIds: [m.id] }, owner.token);
    const all = await t.ok(LIST, { page_index: 1, page_size: 10 }, owner.token);
    expect(all.total_count).toBe(3);
    expect(all.rows.map((r: { id: string }) => r.id)).toEqual([c, b, a]);
    const byHolders = await t.ok(LIST, { sorter: [{ field: 'holderCount', order: 'descend' }] }, owner.token);
    expect(byHolders.rows[0]).toMatchObject({ id: b, holderCount: 1 });
    expect((await t.ok(LIST, { keyword: '金' }, owner.token)).rows.map((r: { id: string }) => r.id)).toEqual([b]);
    expect((await t.ok(LIST, { status: 'off' }, owner.token)).rows.map((r: { id: string }) => r.id)).toEqual([c]);
    expect((await t.ok(LIST, { status: 'on' }, owner.token)).total_count).toBe(2);
    const page2 = await t.ok(LIST, { page_index: 2, page_size: 2 }, owner.token);
    expect(page2).toMatchObject({ total_count: 3, rows: [{ id: a }] });
    const pick = await t.ok(PICK, {}, owner.token);
    expect(pick.rows.map((r: { id: string }) => r.id).sort()).toEqual([a, b].sort());
  });
});

describe('claiming on the customer side', () => {
  it('claims a free card once; a paid or forbidden one is refused; lists show what I hold', async () => {
    const free = await newCard(ownerA, { validDays: 10 });
    const paid = await newCard(ownerA, { needpay: 1, price: 9.9 });
    const m = await newMember(shopA);
    const before = Date.now();
    const got = await h5ok(H5_CLAIM, { id: free }, shopA, m.token);
    expect(got.cardNo).toMatch(/^VC\d{8}\d{6}$/);
    const [row] = await heldRows(free);
    expect(row).toMatchObject({ memberId: m.id, source: 1, status: 1, cardNo: got.cardNo });
    expect(row.expiresAt!.getTime() - before).toBeGreaterThanOrEqual(10 * DAY - 1000);
    expect(row.expiresAt!.getTime() - before).toBeLessThan(10 * DAY + 60_000);
    expect((await cardRow(free)).holderCount).toBe(1);
    expect(await eventsOf(m.id)).toEqual([expect.stringContaining('领取权益卡')]);

    expect((await h5(H5_CLAIM, { id: free }, shopA, m.token)).body).toMatchObject({ code: 1, msg: '您已领取该权益卡' });
    expect((await h5(H5_CLAIM, { id: paid }, shopA, m.token)).body).toMatchObject({ code: 1, msg: '该权益卡需购买' });
    expect((await heldRows(free)).length).toBe(1);
    expect((await cardRow(free)).holderCount).toBe(1);

    const list = await h5ok(H5_LIST, { page_size: 100 }, shopA, m.token);
    const mineRow = list.rows.find((r: { id: string }) => r.id === free);
    expect(mineRow).toMatchObject({ held: true, validText: '领取后10天内有效' });
    expect(mineRow.expireTime).not.toBe('');
    expect(list.rows.find((r: { id: string }) => r.id === paid)).toMatchObject({ held: false, price: 9.9, expireTime: '' });
    const mine = await h5ok(H5_MINE, {}, shopA, m.token);
    expect(mine).toMatchObject({ total_count: 1, rows: [{ cardId: free, cardNo: got.cardNo, state: 1, stateText: '有效' }] });

    // Forbidden: no longer claimed, but the card held stays valid.
    await t.ok(FORBID, { id: free, status: 0 }, ownerA.token);
    const other = await newMember(shopA);
    expect((await h5(H5_CLAIM, { id: free }, shopA, other.token)).body).toMatchObject({ code: 1, msg: '该权益卡已停用' });
    expect((await h5ok(H5_LIST, { page_size: 100 }, shopA, m.token)).rows.some((r: { id: string }) => r.id === free)).toBe(false);
    expect((await h5ok(H5_MINE, {}, shopA, m.token)).rows[0]).toMatchObject({ cardId: free, state: 1 });
    await t.ok(FORBID, { id: free, status: 1 }, ownerA.token);
  });

  it('renews an expired card from now; refuses a withdrawn one', async () => {
    const id = await newCard(ownerA, { validDays: 5 });
    const m = await newMember(shopA);
    await h5ok(H5_CLAIM, { id }, shopA, m.token);
    await t.db
      .update(memberCards)
      .set({ expiresAt: new Date(Date.now() - DAY) })
      .where(eq(memberCards.cardId, id));
    expect((await h5ok(H5_MINE, {}, shopA, m.token)).rows[0]).toMatchObject({ state: 2, stateText: '已过期' });
    await h5ok(H5_CLAIM, { id }, shopA, m.token);
    const [row] = await heldRows(id);
    expect(row.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 4 * DAY);
    expect((await cardRow(id)).holderCount).toBe(1);
    await t.ok(WITHDRAW, { id: row.id }, ownerA.token);
    expect((await h5(H5_CLAIM, { id }, shopA, m.token)).body).toMatchObject({ code: 1, msg: '该权益卡已被商家收回，不能再次领取' });
    expect((await h5ok(H5_MINE, {}, shopA, m.token)).total_count).toBe(0);
  });

  it("does not show or give another renter's cards", async () => {
    const idB = await newCard(ownerB);
    const m = await newMember(shopA);
    expect((await h5(H5_CLAIM, { id: idB }, shopA, m.token)).body).toMatchObject({ code: 1004, msg: '权益卡不存在' });
    expect((await h5ok(H5_LIST, { page_size: 100 }, shopA, m.token)).rows.some((r: { id: string }) => r.id === idB)).toBe(false);
    // A's member token is nobody on B's shop.
    expect((await h5(H5_CLAIM, { id: idB }, shopB, m.token)).body.code).toBe(401);
    expect((await heldRows(idB)).length).toBe(0);
    // A staff token is no member.
    expect((await h5(H5_MINE, {}, shopA, ownerA.token)).body.code).toBe(401);
  });
});

describe('grant, extend, withdraw', () => {
  it('gives by id and phone, extends a valid card, renews a withdrawn one, keeps holder counts', async () => {
    const id = await newCard(ownerA, { validDays: 30 });
    const m1 = await newMember(shopA);
    const m2 = await newMember(shopA);
    expect(await t.ok(GRANT, { cardId: id, memberIds: [m1.id], phones: [m2.phone] }, ownerA.token)).toEqual({ granted: 2, extended: 0 });
    expect((await cardRow(id)).holderCount).toBe(2);
    const first = (await heldRows(id)).find((r) => r.memberId === m1.id)!;
    expect(first.source).toBe(3);

    // Again: extended by 30 days from the current expiry, no second row, same card number.
    expect(await t.ok(GRANT, { cardId: id, memberIds: [m1.id] }, ownerA.token)).toEqual({ granted: 0, extended: 1 });
    const again = (await heldRows(id)).filter((r) => r.memberId === m1.id);
    expect(again).toHaveLength(1);
    expect(again[0].cardNo).toBe(first.cardNo);
    expect(again[0].expiresAt!.getTime() - first.expiresAt!.getTime()).toBe(30 * DAY);
    expect((await cardRow(id)).holderCount).toBe(2);
    expect(await eventsOf(m1.id)).toEqual(expect.arrayContaining([expect.stringContaining('获得权益卡'), expect.stringContaining('续期')]));

    // Withdraw: state 已收回, one holder less; twice is refused.
    await t.ok(WITHDRAW, { id: first.id }, ownerA.token);
    expect((await cardRow(id)).holderCount).toBe(1);
    expect((await t.call(WITHDRAW, { id: first.id }, ownerA.token)).body).toMatchObject({ code: 1, msg: '该权益卡已收回' });
    expect(await eventsOf(m1.id)).toEqual(expect.arrayContaining([expect.stringContaining('被商家收回')]));

    // Granting a withdrawn card starts a new period and counts the holder again.
    expect(await t.ok(GRANT, { cardId: id, memberIds: [m1.id] }, ownerA.token)).toEqual({ granted: 1, extended: 0 });
    const renewed = (await heldRows(id)).find((r) => r.memberId === m1.id)!;
    expect(renewed.status).toBe(1);
    expect(renewed.expiresAt!.getTime()).toBeLessThan(Date.now() + 31 * DAY);
    expect((await cardRow(id)).holderCount).toBe(2);

    // The counter never goes below zero.
    await t.db.update(vipCards).set({ holderCount: 0 }).where(eq(vipCards.id, id));
    await t.ok(WITHDRAW, { id: renewed.id }, ownerA.token);
    expect((await cardRow(id)).holderCount).toBe(0);

    const logs = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, ownerA.renterId), eq(operLogs.module, 'member')));
    expect(logs.filter((l) => l.action === '发放权益卡' && l.recordId === id).length).toBe(3);
    expect(logs.filter((l) => l.action === '收回权益卡' && l.recordId === first.id).length).toBe(2);
  });

  it('refuses a forbidden card, unknown phones, customers and other renters’ members', async () => {
    const id = await newCard(ownerA);
    const mB = await newMember(shopB);
    expect((await t.call(GRANT, { cardId: id, memberIds: [mB.id] }, ownerA.token)).body).toMatchObject({ code: 1004, msg: '会员不存在' });
    expect((await t.call(GRANT, { cardId: id, phones: [mB.phone] }, ownerA.token)).body).toMatchObject({
      code: 1001,
      msg: `手机号 ${mB.phone} 不是本店会员`,
    });
    expect((await t.call(GRANT, { cardId: id }, ownerA.token)).body).toMatchObject({ code: 1001, msg: '请选择会员' });
    const [customer] = await t.db
      .insert(members)
      .values({ renterId: ownerA.renterId, kind: 0, name: '张三', visitorId: `v-${seq}` })
      .returning();
    expect((await t.call(GRANT, { cardId: id, memberIds: [customer.id] }, ownerA.token)).body).toMatchObject({
      code: 1,
      msg: '客户「张三」尚未注册为会员，不能发放权益卡',
    });
    await t.ok(FORBID, { id, status: 0 }, ownerA.token);
    const m = await newMember(shopA);
    expect((await t.call(GRANT, { cardId: id, memberIds: [m.id] }, ownerA.token)).body).toMatchObject({
      code: 1,
      msg: '该权益卡已停用，不能发放',
    });
    expect((await heldRows(id)).length).toBe(0);
    // Another renter's held card is a missing one.
    const idB = await newCard(ownerB);
    await t.ok(GRANT, { cardId: idB, memberIds: [mB.id] }, ownerB.token);
    const [heldB] = await heldRows(idB);
    expect((await t.call(WITHDRAW, { id: heldB.id }, ownerA.token)).body).toMatchObject({ code: 1004, msg: '领取记录不存在' });
    expect((await heldRows(idB))[0].status).toBe(1);
  });
});

describe('holders and deleting', () => {
  it('lists holders with state filters and keyword; deletes only a card nobody received', async () => {
    const id = await newCard(ownerA, { validDays: 7 });
    const [a, b, c] = [await newMember(shopA), await newMember(shopA), await newMember(shopA)];
    await t.ok(GRANT, { cardId: id, memberIds: [a.id, b.id, c.id] }, ownerA.token);
    const rows = await heldRows(id);
    const rowOf = (m: { id: string }) => rows.find((r) => r.memberId === m.id)!;
    await t.db
      .update(memberCards)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberCards.id, rowOf(b).id));
    await t.ok(WITHDRAW, { id: rowOf(c).id }, ownerA.token);

    const all = await t.ok(HOLDERS, { id }, ownerA.token);
    expect(all.total_count).toBe(3);
    const st = (list: { rows: { memberId: string; state: number }[] }) => Object.fromEntries(list.rows.map((r) => [r.memberId, r.state]));
    expect(st(all)).toEqual({ [a.id]: 1, [b.id]: 2, [c.id]: 0 });
    expect(all.rows.find((r: { memberId: string }) => r.memberId === a.id)).toMatchObject({
      phone: a.phone,
      source: 3,
      sourceText: '商家发放',
      stateText: '有效',
      cardNo: rowOf(a).cardNo,
    });
    expect(st(await t.ok(HOLDERS, { id, state: 'valid' }, ownerA.token))).toEqual({ [a.id]: 1 });
    expect(st(await t.ok(HOLDERS, { id, state: 'expired' }, ownerA.token))).toEqual({ [b.id]: 2 });
    expect(st(await t.ok(HOLDERS, { id, state: 'withdrawn' }, ownerA.token))).toEqual({ [c.id]: 0 });
    expect(st(await t.ok(HOLDERS, { id, keyword: b.phone.slice(-6) }, ownerA.token))).toEqual({ [b.id]: 2 });
    expect((await t.ok(HOLDERS, { id, page_size: 1, page_index: 2 }, ownerA.token)).rows).toHaveLength(1);

    expect((await t.call(DEL, { id }, ownerA.token)).body).toMatchObject({ code: 1, msg: '该权益卡已有会员领取，不能删除' });
    const unused = await newCard(ownerA);
    expect((await t.call(DEL, { id: unused }, ownerA.token)).body).toMatchObject({ code: 0, msg: '删除成功' });
    expect((await t.call(DETAIL, { id: unused }, ownerA.token)).body).toMatchObject({ code: 1004, msg: '权益卡不存在' });
  });
});

describe('permissions', () => {
  it('lets a view-only role read and refuses its writes', async () => {
    const id = await newCard(ownerA);
    const m = await newMember(shopA);
    await t.ok(GRANT, { cardId: id, memberIds: [m.id] }, ownerA.token);
    const [held] = await heldRows(id);
    const viewer = await t.addMember(ownerA.renterId, ['equityCard'], { exact: true });
    expect((await t.call(LIST, {}, viewer.token)).body.code).toBe(0);
    expect((await t.call(DETAIL, { id }, viewer.token)).body.code).toBe(0);
    expect((await t.call(HOLDERS, { id }, viewer.token)).body.code).toBe(0);
    for (const [path, body] of [
      [SAVE, cardBody({ id })],
      [DEL, { id }],
      [FORBID, { id, status: 0 }],
      [GRANT, { cardId: id, memberIds: [m.id] }],
      [WITHDRAW, { id: held.id }],
    ] as const) {
      expect((await t.call(path, body, viewer.token)).body, path).toMatchObject({ code: 1003, msg: FORBIDDEN_MSG });
    }
    const none = await t.addMember(ownerA.renterId, ['dashboard'], { exact: true });
    expect((await t.call(LIST, {}, none.token)).body).toMatchObject({ code: 1003, msg: FORBIDDEN_MSG });
    expect((await cardRow(id)).status).toBe(1);
    expect((await heldRows(id))[0].status).toBe(1);
  });
});

describe('at once', () => {
  raceIt('two claims of one free card by one member make one row and one holder', async () => {
    const id = await newCard(ownerA);
    const m = await newMember(shopA);
    const answers = await Promise.all([1, 2, 3, 4].map(() => h5(H5_CLAIM, { id }, shopA, m.token)));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code !== 0).map((a) => a.body.msg)).toEqual(Array(3).fill('您已领取该权益卡'));
    const [n] = await t.db.select({ n: count() }).from(memberCards).where(eq(memberCards.cardId, id));
    expect(Number(n.n)).toBe(1);
    expect((await cardRow(id)).holderCount).toBe(1);
  });

  raceIt('claims of many members at once each get a row and distinct card numbers; the count is exact', async () => {
    const id = await newCard(ownerA);
    const ms = await Promise.all([1, 2, 3, 4, 5, 6].map(() => newMember(shopA)));
    const answers = await Promise.all(ms.map((m) => h5(H5_CLAIM, { id }, shopA, m.token)));
    expect(answers.every((a) => a.body.code === 0)).toBe(true);
    const rows = await heldRows(id);
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.cardNo)).size).toBe(6);
    expect((await cardRow(id)).holderCount).toBe(6);
  });

  raceIt('grants, withdrawals and claims of one card at once all answer, and the holder count matches the rows', async () => {
    const id = await newCard(ownerA);
    const ms = await Promise.all([1, 2, 3, 4].map(() => newMember(shopA)));
    await t.ok(GRANT, { cardId: id, memberIds: [ms[0].id, ms[1].id] }, ownerA.token);
    const rows = await heldRows(id);
    const rowOf = (m: { id: string }) => rows.find((r) => r.memberId === m.id)!;
    const answers = await Promise.all([
      t.call(GRANT, { cardId: id, memberIds: ms.map((m) => m.id) }, ownerA.token),
      t.call(WITHDRAW, { id: rowOf(ms[0]).id }, ownerA.token),
      t.call(WITHDRAW, { id: rowOf(ms[1]).id }, ownerA.token),
      h5(H5_CLAIM, { id }, shopA, ms[2].token),
      h5(H5_CLAIM, { id }, shopA, ms[3].token),
      h5(H5_CLAIM, { id }, shopA, ms[0].token),
    ]);
    for (const a of answers) expect([0, 1]).toContain(a.body.code);
    const after = await heldRows(id);
    expect(after).toHaveLength(4);
    expect((await cardRow(id)).holderCount).toBe(after.filter((r) => r.status === 1).length);
  });
});
