/** Goods activities at checkout (限时折扣 / 秒杀 prices, activity stock, per-member limit) and GoodsActivity/OrderList. */
import { randomUUID } from 'node:crypto';
import { SHOP_HEADER } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsActivities, goodsActivitySkus, goodsOrderLines } from '@/db/schema';
import { merchantCancel } from '@/modules/orders';
import { makeApp, payBySandbox, type Person, type TestApp } from './helper';
import { makeDue, makeGoods, makeMember, openEveryMethod, orderOf, place, renterCtx, shopIdOf, stockOf } from './goods-orders-fixtures';
import { raceIt } from './race';

let t: TestApp;
let owner: Person;
let other: Person;

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('活动下单店'), t.registerOwner('隔壁活动下单店')]);
  await openEveryMethod(t, owner.renterId);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'placed',
    (e: Error) => e.message,
  );
const system = { kind: 'system' as const, id: 'test', name: '系统' };

interface ActOpts {
  type?: number;
  priceFen: number;
  stock: number;
  perMemberLimit?: number;
  /** Hours from now. */
  start?: number;
  end?: number;
  status?: number;
  renterId?: string;
}

/** An activity over one SKU, written at the tables (the console's save rules: goods-activity.test.ts). */
async function makeActivity(g: { goodsId: string; skuId: string }, o: ActOpts) {
  const renterId = o.renterId ?? owner.renterId;
  const now = Date.now();
  const [a] = await t.db
    .insert(goodsActivities)
    .values({
      renterId,
      name: o.type === 2 ? '整点秒杀' : '周末限时折扣',
      type: o.type ?? 1,
      startAt: new Date(now + (o.start ?? -1) * HOUR),
      endAt: new Date(now + (o.end ?? 2) * HOUR),
      status: o.status ?? 1,
      perMemberLimit: o.perMemberLimit ?? 0,
    })
    .returning();
  await t.db
    .insert(goodsActivitySkus)
    .values({ renterId, activityId: a.id, goodsId: g.goodsId, skuId: g.skuId, priceFen: o.priceFen, stock: o.stock });
  return a.id;
}

const soldOf = async (activityId: string) =>
  (await t.db.select().from(goodsActivitySkus).where(eq(goodsActivitySkus.activityId, activityId)))[0].sold;
const linesOf = (orderId: string) => t.db.select().from(goodsOrderLines).where(eq(goodsOrderLines.orderId, orderId));

describe('activity prices at checkout', () => {
  it('charges the activity price of a running 限时折扣 and snapshots it on the line; no member discount on it', async () => {
    const g = await makeGoods(t, owner.renterId, { priceFen: 10_000, stock: 20, joinVip: true });
    const id = await makeActivity(g, { priceFen: 7_990, stock: 10 });
    const buyer = await makeMember(t, owner.renterId);
    const o = await place(t, owner.renterId, buyer, [{ skuId: g.skuId, qty: 2 }]);
    expect(o.total).toBe(159.8);
    expect(await orderOf(t, o.orderId)).toMatchObject({ goodsFen: 20_000, discountFen: 4_020, payFen: 15_980 });
    const [line] = await linesOf(o.orderId);
    expect(line).toMatchObject({
      unitFen: 10_000,
      lineFen: 20_000,
      discountFen: 4_020,
      activityId: id,
      activityType: 1,
      activityPriceFen: 7_990,
    });
    expect(await soldOf(id)).toBe(2);
    expect(await stockOf(t, g.skuId)).toBe(18);
  });

  it('charges the normal price before the start, after the end and when stopped', async () => {
    for (const o of [{ start: 1, end: 2 }, { start: -2, end: -1 }, { status: 0 }]) {
      const g = await makeGoods(t, owner.renterId, { priceFen: 5_000 });
      const id = await makeActivity(g, { priceFen: 1_000, stock: 5, ...o });
      const placed = await place(t, owner.renterId, await makeMember(t, owner.renterId), [{ skuId: g.skuId, qty: 1 }]);
      expect(placed.total).toBe(50);
      expect((await linesOf(placed.orderId))[0].activityId).toBeNull();
      expect(await soldOf(id)).toBe(0);
    }
  });

  it('秒杀: refuses past the activity stock (已抢光 when gone); a 限时折扣 whose stock is gone sells at the normal price', async () => {
    const flash = await makeGoods(t, owner.renterId, { title: '秒杀耳机', priceFen: 20_000 });
    await makeActivity(flash, { type: 2, priceFen: 9_900, stock: 2 });
    const buyer = await makeMember(t, owner.renterId);
    expect(await refusal(place(t, owner.renterId, buyer, [{ skuId: flash.skuId, qty: 3 }]))).toBe('商品「秒杀耳机」活动库存不足，仅剩2件');
    const first = await place(t, owner.renterId, buyer, [{ skuId: flash.skuId, qty: 2 }]);
    expect(first.total).toBe(198);
    expect(await refusal(place(t, owner.renterId, buyer, [{ skuId: flash.skuId, qty: 1 }]))).toBe('商品「秒杀耳机」已抢光');

    const timed = await makeGoods(t, owner.renterId, { priceFen: 3_000 });
    await makeActivity(timed, { priceFen: 2_000, stock: 1 });
    expect((await place(t, owner.renterId, buyer, [{ skuId: timed.skuId, qty: 1 }])).total).toBe(20);
    expect((await place(t, owner.renterId, buyer, [{ skuId: timed.skuId, qty: 1 }])).total).toBe(30);
  });

  it('holds the per-member limit over the member’s open orders; a cancelled order frees it', async () => {
    const g = await makeGoods(t, owner.renterId, { title: '限购蛋糕', priceFen: 8_000 });
    await makeActivity(g, { type: 2, priceFen: 5_000, stock: 50, perMemberLimit: 2 });
    const buyer = await makeMember(t, owner.renterId);
    expect(await refusal(place(t, owner.renterId, buyer, [{ skuId: g.skuId, qty: 3 }]))).toBe('商品「限购蛋糕」秒杀每人限购2件');
    const a = await place(t, owner.renterId, buyer, [{ skuId: g.skuId, qty: 1 }]);
    expect(await refusal(place(t, owner.renterId, buyer, [{ skuId: g.skuId, qty: 2 }]))).toBe(
      '商品「限购蛋糕」秒杀每人限购2件，您还可购买1件',
    );
    // At once, the same member: exactly one more unit goes through.
    const all = await Promise.all(Array.from({ length: 4 }, () => refusal(place(t, owner.renterId, buyer, [{ skuId: g.skuId, qty: 1 }]))));
    expect(all.filter((r) => r === 'placed')).toHaveLength(1);
    await merchantCancel(renterCtx(t, owner.renterId), a.orderId, owner.renterId, '买家不想要了', system);
    expect((await place(t, owner.renterId, buyer, [{ skuId: g.skuId, qty: 1 }])).total).toBe(50);
    // Another member has their own 2.
    expect(await refusal(place(t, owner.renterId, await makeMember(t, owner.renterId), [{ skuId: g.skuId, qty: 2 }]))).toBe('placed');
  });

  raceIt('sells exactly the activity stock of 10 to 30 buyers at once, all at the activity price', async () => {
    const g = await makeGoods(t, owner.renterId, { title: '抢购手机', priceFen: 100_000, stock: 100 });
    const id = await makeActivity(g, { type: 2, priceFen: 49_900, stock: 10 });
    const buyers = await Promise.all(Array.from({ length: 30 }, () => makeMember(t, owner.renterId)));
    const all = await Promise.all(
      buyers.map((b) => place(t, owner.renterId, b, [{ skuId: g.skuId, qty: 1 }]).catch((e: Error) => e.message)),
    );
    const placed = all.filter((r) => typeof r !== 'string');
    expect(placed).toHaveLength(10);
    for (const p of placed) expect(p.total).toBe(499);
    for (const r of all.filter((x) => typeof x === 'string'))
      expect(['商品「抢购手机」活动库存不足', '商品「抢购手机」已抢光']).toContain(r);
    expect(await soldOf(id)).toBe(10);
    expect(await stockOf(t, g.skuId)).toBe(90);
  });

  raceIt('gives the activity stock back exactly once when an unpaid order closes, and when a paid one is cancelled', async () => {
    const g = await makeGoods(t, owner.renterId, { priceFen: 6_000, stock: 10 });
    const id = await makeActivity(g, { priceFen: 4_000, stock: 5 });
    const ctx = renterCtx(t, owner.renterId);
    const unpaid = await place(t, owner.renterId, await makeMember(t, owner.renterId), [{ skuId: g.skuId, qty: 2 }]);
    const paid = await place(t, owner.renterId, await makeMember(t, owner.renterId), [{ skuId: g.skuId, qty: 3 }]);
    await payBySandbox(t, paid.qr_code);
    expect(await soldOf(id)).toBe(5);
    await Promise.all(Array.from({ length: 3 }, () => refusal(merchantCancel(ctx, unpaid.orderId, owner.renterId, '缺货', system))));
    // The auto-cancel job of the closed order comes later: nothing more.
    await makeDue(t, 'goods-orders.auto-cancel');
    await t.services.jobs.runDue(['goods-orders.auto-cancel']);
    expect(await soldOf(id)).toBe(3);
    await Promise.all(Array.from({ length: 3 }, () => refusal(merchantCancel(ctx, paid.orderId, owner.renterId, '缺货', system))));
    expect(await orderOf(t, paid.orderId)).toMatchObject({ status: 4 });
    expect(await soldOf(id)).toBe(0);
    expect(await stockOf(t, g.skuId)).toBe(10);
  });
});

describe('GoodsActivity/OrderList', () => {
  it('lists exactly the activity’s orders with its lines, filters, and sums the paid ones', async () => {
    const g = await makeGoods(t, owner.renterId, { title: '活动茶叶', priceFen: 10_000, stock: 50 });
    const plain = await makeGoods(t, owner.renterId, { title: '普通杯子', priceFen: 3_000 });
    const id = await makeActivity(g, { priceFen: 8_000, stock: 20 });
    const elsewhere = await makeGoods(t, owner.renterId, { priceFen: 1_000 });
    await makeActivity(elsewhere, { priceFen: 500, stock: 5 });
    const buyer = await makeMember(t, owner.renterId);
    const a = await place(t, owner.renterId, buyer, [
      { skuId: g.skuId, qty: 2 },
      { skuId: plain.skuId, qty: 1 },
    ]);
    await payBySandbox(t, a.qr_code);
    const b = await place(t, owner.renterId, buyer, [{ skuId: g.skuId, qty: 1 }]);
    await place(t, owner.renterId, buyer, [{ skuId: elsewhere.skuId, qty: 1 }]);
    await place(t, owner.renterId, buyer, [{ skuId: plain.skuId, qty: 1 }]);

    const d = await t.ok('/Goods/GoodsActivity/OrderList', { id, page_index: 1, page_size: 10 }, owner.token);
    expect(d.total_count).toBe(2);
    expect(d.rows.map((r: { orderNo: string }) => r.orderNo)).toEqual([b.orderNo, a.orderNo]);
    const paidRow = d.rows[1];
    expect(paidRow).toMatchObject({ statusText: '待发货', units: 2, amount: 160, payAmount: 190 });
    expect(paidRow.lines).toEqual([expect.objectContaining({ title: '活动茶叶', price: 100, activityPrice: 80, qty: 2, amount: 160 })]);
    expect(d.sums).toEqual({ orders: 1, units: 2, amount: 160 });

    const unpaid = await t.ok('/Goods/GoodsActivity/OrderList', { id, status: 0, page_index: 1, page_size: 10 }, owner.token);
    expect(unpaid.rows.map((r: { orderNo: string }) => r.orderNo)).toEqual([b.orderNo]);
    const byNo = await t.ok(
      '/Goods/GoodsActivity/OrderList',
      { id, keyword: a.orderNo.slice(-8), page_index: 1, page_size: 10 },
      owner.token,
    );
    expect(byNo.rows.map((r: { orderNo: string }) => r.orderNo)).toEqual([a.orderNo]);
    const paged = await t.ok(
      '/Goods/GoodsActivity/OrderList',
      { id, page_index: 2, page_size: 1, sorter: [{ field: 'createTime', order: 'descend' }] },
      owner.token,
    );
    expect(paged.rows.map((r: { orderNo: string }) => r.orderNo)).toEqual([a.orderNo]);

    // The console order detail shows the tag on the line.
    const detail = await t.ok('/Order/GoodsOrder/orderDetail', { id: a.orderId }, owner.token);
    expect(detail.detailLines.map((l: { title: string; activityTag: string }) => [l.title, l.activityTag])).toEqual([
      ['活动茶叶', '限时折扣'],
      ['普通杯子', ''],
    ]);

    // Another renter's activity id answers like a missing one.
    const missing = await t.call('/Goods/GoodsActivity/OrderList', { id: randomUUID(), page_index: 1, page_size: 10 }, other.token);
    const theirs = await t.call('/Goods/GoodsActivity/OrderList', { id, page_index: 1, page_size: 10 }, other.token);
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body.msg).toBe('活动不存在');
  });
});

describe('H5 goods detail', () => {
  it('shows the running activity price, tag, stock left and end time of a SKU: what checkout charges', async () => {
    const shopId = await shopIdOf(t, owner.renterId);
    const g = await makeGoods(t, owner.renterId, { priceFen: 12_000 });
    await makeActivity(g, { type: 2, priceFen: 6_600, stock: 3, perMemberLimit: 1 });
    const d = (await t.call('/h5/Goods/GetDetail', { id: g.goodsId }, undefined, { [SHOP_HEADER]: shopId })).body.data;
    expect(d.skus[0]).toMatchObject({ price: 120, activity: { type: 2, tag: '秒杀', price: 66, left: 3, perMemberLimit: 1 } });
    expect(d.skus[0].activity.endTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Ends 2 hours from the activity's making: the countdown starts a little under 7200 seconds.
    expect(d.skus[0].activity.endsIn).toBeGreaterThan(7000);
    expect(d.skus[0].activity.endsIn).toBeLessThanOrEqual(7200);
    const none = await makeGoods(t, owner.renterId);
    const n = (await t.call('/h5/Goods/GetDetail', { id: none.goodsId }, undefined, { [SHOP_HEADER]: shopId })).body.data;
    expect(n.skus[0].activity).toBeNull();
  });
});
