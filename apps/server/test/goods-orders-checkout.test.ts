import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsOrderLines, orderLogs, goodsStockMoves, members, outboxEvents, payRefunds } from '@/db/schema';
import { merchantCancel, moveGoodsOrder, refusalOf } from '@/modules/orders';
import { seedTenant } from '@/core/tenant';
import { makeApp, payBySandbox, type Person, runRefundJobs, type TestApp } from './helper';
import { makeDue, makeGoods, makeMember, openEveryMethod, orderOf, payOf, place, renterCtx, stockOf } from './goods-orders-fixtures';
import { raceIt } from './race';

let t: TestApp;
let owner: Person;
let member: string;

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('商品订单店');
  member = await makeMember(t, owner.renterId);
  // The shop offers every method, so the goods' own delivery options decide here (the shop's switches:
  // goods-orders-delivery.test.ts).
  await openEveryMethod(t, owner.renterId);
});
afterAll(() => t.close());

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'placed',
    (e: Error) => e.message,
  );
const system = { kind: 'system' as const, id: 'test', name: '系统' };

describe('checkout', () => {
  it('prices on the server, reserves stock through the ledger and opens a payment; paying moves 0 → 1 and emits paid', async () => {
    const g = await makeGoods(t, owner.renterId, { priceFen: 12_345, stock: 5, postFeeFen: 800 });
    const o = await place(t, owner.renterId, member, [{ skuId: g.skuId, qty: 2 }], { buyerNote: '尽快发货' });
    expect(o.total).toBe(254.9);
    const row = await orderOf(t, o.orderId);
    expect(row).toMatchObject({ status: 0, goodsFen: 24_690, discountFen: 0, freightFen: 800, payFen: 25_490, buyerNote: '尽快发货' });
    expect(row.orderNo).toMatch(/^G\d{14}$/); // G + the day (yyyyMMdd) + the day's counter of the renter
    expect(await stockOf(t, g.skuId)).toBe(3);
    const moves = await t.db.select().from(goodsStockMoves).where(eq(goodsStockMoves.orderId, o.orderId));
    expect(moves.map((m) => [m.delta, m.stockAfter, m.reason])).toEqual([[-2, 3, 'order']]);
    const lines = await t.db.select().from(goodsOrderLines).where(eq(goodsOrderLines.orderId, o.orderId));
    expect(lines.map((l) => [l.title, l.unitFen, l.qty, l.lineFen])).toEqual([[g.title, 12_345, 2, 24_690]]);
    expect((await payOf(t, o.orderId)).amountFen).toBe(25_490);

    await payBySandbox(t, o.qr_code);
    expect(await orderOf(t, o.orderId)).toMatchObject({ status: 1, paidFen: 25_490 });
    const events = await t.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.type, 'goods-order.paid'), sql`${outboxEvents.payload}->>'orderId' = ${o.orderId}`));
    expect(events).toHaveLength(1);
    // Members' figures follow through the subscriber.
    await t.services.jobs.runDue(['outbox.dispatch']);
    const [m] = await t.db.select().from(members).where(eq(members.id, member));
    expect(m).toMatchObject({ orderCount: 1, spendFen: 25_490 });
    const logs = await t.db.select().from(orderLogs).where(eq(orderLogs.orderId, o.orderId));
    expect(logs.map((l) => l.action)).toEqual(['买家下单', '买家付款']);
  });

  it('refuses what cannot be bought, naming the goods', async () => {
    const r = owner.renterId;
    const off = await makeGoods(t, r, { title: '下架茶叶', status: 0 });
    const later = await makeGoods(t, r, { title: '预售月饼', status: 2, startSaleAt: new Date(Date.now() + 86_400_000) });
    const few = await makeGoods(t, r, { title: '限量礼盒', stock: 1 });
    const none = await makeGoods(t, r, { title: '售罄公仔', stock: 0 });
    const post = await makeGoods(t, r, { title: '冷链海鲜', delivery: ['express'] });
    expect(await refusal(place(t, r, member, [{ skuId: off.skuId, qty: 1 }]))).toBe('商品「下架茶叶」已下架');
    expect(await refusal(place(t, r, member, [{ skuId: later.skuId, qty: 1 }]))).toBe('商品「预售月饼」尚未开售');
    expect(await refusal(place(t, r, member, [{ skuId: few.skuId, qty: 2 }]))).toBe('商品「限量礼盒」库存不足');
    expect(await refusal(place(t, r, member, [{ skuId: none.skuId, qty: 1 }]))).toBe('商品「售罄公仔」已售罄');
    expect(await refusal(place(t, r, member, [{ skuId: post.skuId, qty: 1 }], { deliveryMethod: 2 }))).toBe(
      '商品「冷链海鲜」不支持到店自提',
    );
    expect(await refusal(place(t, r, member, [{ skuId: post.skuId, qty: 1 }], { address: null }))).toBe('请选择收货地址');
    expect(await stockOf(t, few.skuId)).toBe(1);
  });

  raceIt('places one order for a repeated request key', async () => {
    const g = await makeGoods(t, owner.renterId, { stock: 10 });
    const [a, b] = await Promise.all([
      place(t, owner.renterId, member, [{ skuId: g.skuId, qty: 1 }], { requestKey: 'tap-1' }),
      place(t, owner.renterId, member, [{ skuId: g.skuId, qty: 1 }], { requestKey: 'tap-1' }),
    ]);
    expect(a.orderId).toBe(b.orderId);
    expect(await stockOf(t, g.skuId)).toBe(9);
  });

  raceIt('holds the purchase limit across a member’s open orders, also when placed at once', async () => {
    const g = await makeGoods(t, owner.renterId, { title: '限购酒', purchaseLimit: 2, stock: 50 });
    const buyer = await makeMember(t, owner.renterId);
    const all = await Promise.all(Array.from({ length: 5 }, () => refusal(place(t, owner.renterId, buyer, [{ skuId: g.skuId, qty: 1 }]))));
    expect(all.filter((x) => x === 'placed')).toHaveLength(2);
    expect(all.filter((x) => x !== 'placed')).toEqual(Array(3).fill('商品「限购酒」每人限购2件，您还可购买0件'));
    expect(await stockOf(t, g.skuId)).toBe(48);
  });

  raceIt('sells exactly the last 10 to 50 buyers at once', async () => {
    const g = await makeGoods(t, owner.renterId, { title: '秒杀耳机', stock: 10 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => makeMember(t, owner.renterId)));
    const all = await Promise.all(buyers.map((b) => refusal(place(t, owner.renterId, b, [{ skuId: g.skuId, qty: 1 }]))));
    expect(all.filter((x) => x === 'placed')).toHaveLength(10);
    // Read before the reservation (already sold out) or refused by it (the conditional UPDATE found too little).
    for (const x of all.filter((x) => x !== 'placed')) expect(['商品「秒杀耳机」已售罄', '商品「秒杀耳机」库存不足']).toContain(x);
    expect(await stockOf(t, g.skuId)).toBe(0);
    const moves = await t.db.select().from(goodsStockMoves).where(eq(goodsStockMoves.skuId, g.skuId));
    expect(moves).toHaveLength(10);
    expect(moves.map((m) => m.stockAfter).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('the state machine', () => {
  it('refuses each move it does not list, saying why', () => {
    expect(refusalOf('merchantCancel', 2)).toBe('订单已发货，不能取消');
    expect(refusalOf('ship', 3)).toBe('订单已完成，不能发货');
    expect(refusalOf('ship', 0)).toBe('订单未付款，不能发货');
    expect(refusalOf('buyerConfirm', 1)).toBe('订单未发货，不能确认收货');
    expect(refusalOf('take', 3)).toBe('该订单已核销，请勿重复核销');
    expect(refusalOf('buyerCancel', 1)).toBe('订单已付款，请联系商家取消');
  });

  raceIt('moves once under double clicks, and refuses a shipped order’s cancel', async () => {
    const g = await makeGoods(t, owner.renterId);
    const o = await place(t, owner.renterId, member, [{ skuId: g.skuId, qty: 1 }]);
    await payBySandbox(t, o.qr_code);
    const tenant = seedTenant(t.db, owner.renterId);
    const ships = await Promise.all([1, 2].map(() => refusal(moveGoodsOrder(tenant, o.orderId, 'ship', { by: system }))));
    expect(ships.sort()).toEqual(['placed', '订单已发货，不能发货']);
    await expect(merchantCancel(renterCtx(t, owner.renterId), o.orderId, owner.renterId, '缺货', system)).rejects.toThrow(
      '订单已发货，不能取消',
    );
    await moveGoodsOrder(tenant, o.orderId, 'buyerConfirm', { by: system });
    await expect(moveGoodsOrder(tenant, o.orderId, 'ship', { by: system })).rejects.toThrow('订单已完成，不能发货');
  });

  raceIt('refunds a paid order once when the merchant cancels it 5 times at once, and gives the stock back once', async () => {
    const g = await makeGoods(t, owner.renterId, { priceFen: 6_660, stock: 4 });
    const o = await place(t, owner.renterId, member, [{ skuId: g.skuId, qty: 2 }]);
    await payBySandbox(t, o.qr_code);
    const ctx = renterCtx(t, owner.renterId);
    await Promise.all(Array.from({ length: 5 }, () => refusal(merchantCancel(ctx, o.orderId, owner.renterId, '商品缺货', system))));
    await runRefundJobs(t);
    const pay = await payOf(t, o.orderId);
    expect(pay).toMatchObject({ status: 4, refundedFen: 13_320 });
    const refunds = await t.db.select().from(payRefunds).where(eq(payRefunds.payOrderId, pay.id));
    expect(refunds.map((r) => [r.amountFen, r.status])).toEqual([[13_320, 2]]);
    expect(await orderOf(t, o.orderId)).toMatchObject({ status: 4, paidFen: 13_320, refundedFen: 13_320, closeReason: '商品缺货' });
    expect(await stockOf(t, g.skuId)).toBe(4);
  });
});

describe('jobs', () => {
  it('auto-cancels an unpaid order on a new app instance: payment closed, stock back once', async () => {
    const g = await makeGoods(t, owner.renterId, { stock: 3 });
    const o = await place(t, owner.renterId, member, [{ skuId: g.skuId, qty: 3 }]);
    expect(await stockOf(t, g.skuId)).toBe(0);
    const next = await makeApp({ database: t.database });
    try {
      await makeDue(next, 'goods-orders.auto-cancel');
      await next.services.jobs.runDue(['goods-orders.auto-cancel']);
    } finally {
      await next.close();
    }
    expect(await orderOf(t, o.orderId)).toMatchObject({ status: 4, closeReason: '超时未支付，自动关闭' });
    expect((await payOf(t, o.orderId)).status).toBe(3);
    expect(await stockOf(t, g.skuId)).toBe(3);
    // A second run (a redelivery) changes nothing.
    await t.services.jobs.runDue(['goods-orders.auto-cancel']);
    expect(await stockOf(t, g.skuId)).toBe(3);
  });

  it('refunds a payment that arrives for a closed order at once, and the order stays closed without it', async () => {
    const g = await makeGoods(t, owner.renterId, { priceFen: 990, stock: 5 });
    const o = await place(t, owner.renterId, member, [{ skuId: g.skuId, qty: 1 }]);
    // Closed while its payment was still open at the provider (e.g. the close call was lost).
    await t.db.execute(sql`update goods_orders set status = 4, close_reason = '超时未支付，自动关闭' where id = ${o.orderId}`);
    await payBySandbox(t, o.qr_code);
    await runRefundJobs(t);
    expect(await payOf(t, o.orderId)).toMatchObject({ status: 4, refundedFen: 990 });
    expect(await orderOf(t, o.orderId)).toMatchObject({ status: 4, paidFen: 0, refundedFen: 0 });
  });
});
