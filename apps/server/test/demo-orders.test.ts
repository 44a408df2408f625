/**
 * The demo enterprise's orders (demo/seed-orders.ts, issue 15): placed through checkout, paid through the sandbox,
 * shipped, confirmed, collected, cancelled and refunded by the same functions as real ones, spread over the period;
 * the stock and the members' figures follow. Counts come from the seed's constants only.
 */
import { GOODS_ORDER_STATUS as S } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  goodsOrderLines,
  orderLogs,
  goodsOrders,
  goodsOrderTakes,
  goodsSkus,
  memberOrders,
  members,
  payOrders,
  renters,
} from '@/db/schema';
import { DEMO_ORDERS, seedDemoOrders } from '@/demo/seed-orders';
import { makeApp, type TestApp } from './helper';

let t: TestApp;
let renterId: string;
let orders: (typeof goodsOrders.$inferSelect)[];
const stockBefore = new Map<string, number>();
const figuresBefore = new Map<string, { orderCount: number; spendFen: number }>();

beforeAll(async () => {
  t = await makeApp();
  const demo = await t.seedDemo();
  renterId = (await t.db.select().from(renters).where(eq(renters.name, demo.enterprise)))[0].id;
  for (const s of await t.db.select().from(goodsSkus).where(eq(goodsSkus.renterId, renterId))) stockBefore.set(s.id, s.stock);
  for (const m of await t.db.select().from(members).where(eq(members.renterId, renterId))) figuresBefore.set(m.id, m);
  const n = await seedDemoOrders({ db: t.db, services: t.services, log: t.app.log }, demo.enterprise);
  expect(n).toBe(DEMO_ORDERS.goods);
  // What the workers do after the first start: the cancels' refunds, then the events.
  await t.services.jobs.runDue(['payments.refund']);
  await t.services.jobs.runDue(['outbox.dispatch']);
  orders = await t.db.select().from(goodsOrders).where(eq(goodsOrders.renterId, renterId));
}, 120_000);
afterAll(() => t.close());

describe('demo orders', () => {
  it('has goods orders in every state, pick-up ones among them, over the last 60 days', () => {
    expect(orders).toHaveLength(DEMO_ORDERS.goods);
    for (const s of [S.unpaid, S.toShip, S.shipped, S.done, S.closed])
      expect(
        orders.some((o) => o.status === s),
        `status ${s}`,
      ).toBe(true);
    const pickups = orders.filter((o) => o.deliveryMethod === 2);
    expect(pickups.length).toBeGreaterThan(0);
    expect(pickups.some((o) => o.status === S.done)).toBe(true);
    const now = Date.now();
    const ages = orders.map((o) => (now - o.createdAt.getTime()) / 86_400_000);
    expect(Math.max(...ages)).toBeLessThanOrEqual(DEMO_ORDERS.days);
    expect(Math.max(...ages)).toBeGreaterThan(DEMO_ORDERS.days / 2);
    // Paid orders have their times in order, none in the future.
    for (const o of orders.filter((x) => x.paidAt)) {
      expect(o.paidAt?.getTime()).toBeGreaterThanOrEqual(o.createdAt.getTime());
      if (o.shippedAt) expect(o.shippedAt.getTime()).toBeGreaterThanOrEqual(o.paidAt?.getTime() ?? 0);
      if (o.completedAt) expect(o.completedAt.getTime()).toBeLessThanOrEqual(now);
    }
  });

  it('went through payment: paid orders have their money, cancelled paid ones are refunded in full, unpaid ones owe', async () => {
    const pays = await t.db.select().from(payOrders).where(eq(payOrders.renterId, renterId));
    const payOf = new Map(pays.map((p) => [p.bizId, p]));
    for (const o of orders) {
      const pay = payOf.get(o.id);
      expect(pay, o.orderNo).toBeDefined();
      if (o.status === S.unpaid) expect(pay?.status).toBe(1);
      if ([S.toShip, S.shipped, S.done].includes(o.status as never)) expect([pay?.status, o.paidFen]).toEqual([2, o.payFen]);
      if (o.status === S.closed && o.paidFen > 0) expect([pay?.status, o.refundedFen]).toEqual([4, o.paidFen]);
      if (o.status === S.closed && o.paidFen === 0) expect(pay?.status).toBe(3);
    }
    expect(orders.some((o) => o.status === S.closed && o.refundedFen > 0)).toBe(true);
    const taken = await t.db.select().from(goodsOrderTakes).where(eq(goodsOrderTakes.renterId, renterId));
    expect(taken.length).toBe(orders.filter((o) => o.deliveryMethod === 2 && o.status === S.done).length);
    // A completed express order's timeline: 下单, 付款, 发货, 确认收货, in time order.
    const done = orders.find((o) => o.status === S.done && o.deliveryMethod === 1);
    const logs = await t.db
      .select()
      .from(orderLogs)
      .where(and(eq(orderLogs.renterId, renterId), eq(orderLogs.orderId, done?.id ?? '')))
      .orderBy(orderLogs.seq);
    expect(logs.map((l) => l.action)).toEqual(['买家下单', '买家付款', '商家发货', '买家确认收货']);
  });

  it('ships as the console does: every unit of a shipped order is in a parcel, and it confirms itself later', async () => {
    const shipped = orders.filter((o) => o.deliveryMethod === 1 && (o.status === S.shipped || o.status === S.done));
    expect(shipped.length).toBeGreaterThan(0);
    const unshippedLines = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(goodsOrderLines)
      .innerJoin(goodsOrders, and(eq(goodsOrders.renterId, goodsOrderLines.renterId), eq(goodsOrders.id, goodsOrderLines.orderId)))
      .where(
        and(
          eq(goodsOrderLines.renterId, renterId),
          sql`${goodsOrders.deliveryMethod} = 1 and ${goodsOrders.status} in (${S.shipped}, ${S.done})`,
          sql`${goodsOrderLines.shippedQty} <> ${goodsOrderLines.qty}`,
        ),
      );
    expect(unshippedLines[0].n).toBe(0);
    // The auto-confirm job of each order still 已发货 waits in the queue (通用设置's days after shipping).
    const waiting = await t.db.execute(
      sql`select count(distinct data->>'orderId')::int n from pgboss.job where name = 'goods-orders.auto-confirm' and state = 'created'`,
    );
    expect((waiting as unknown as { rows: { n: number }[] }).rows[0].n).toBeGreaterThanOrEqual(
      orders.filter((o) => o.status === S.shipped).length,
    );
  });

  it('takes the stock of the orders not closed, and no more', async () => {
    const held = await t.db.execute(sql`select l.sku_id, sum(l.qty)::int as qty from goods_order_lines l
      join goods_orders o on o.renter_id = l.renter_id and o.id = l.order_id
      where l.renter_id = ${renterId}::uuid and o.status <> ${S.closed} group by l.sku_id`);
    const heldBy = new Map((held as unknown as { rows: { sku_id: string; qty: number }[] }).rows.map((r) => [r.sku_id, r.qty]));
    const restocked = await t.db.execute(
      sql`select sku_id from goods_stock_moves where renter_id = ${renterId}::uuid and reason = 'demo-restock'`,
    );
    const extra = new Set((restocked as unknown as { rows: { sku_id: string }[] }).rows.map((r) => r.sku_id));
    for (const s of await t.db.select().from(goodsSkus).where(eq(goodsSkus.renterId, renterId))) {
      const expected = (stockBefore.get(s.id) ?? 0) + (extra.has(s.id) ? DEMO_ORDERS.restock : 0) - (heldBy.get(s.id) ?? 0);
      expect(s.stock).toBe(expected);
    }
  });

  it("keeps every SKU's stock on its ledger: the sum of its moves and its last move's stock after", async () => {
    const r = await t.db.execute(sql`select s.id, s.stock, coalesce(sum(m.delta), 0)::int as total,
        (select m2.stock_after from goods_stock_moves m2 where m2.renter_id = s.renter_id and m2.sku_id = s.id
          order by m2.seq desc limit 1) as last
      from goods_skus s left join goods_stock_moves m on m.renter_id = s.renter_id and m.sku_id = s.id
      where s.renter_id = ${renterId}::uuid group by s.id, s.stock`);
    const rows = (r as unknown as { rows: { id: string; stock: number; total: number; last: number | null }[] }).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const x of rows) expect([x.total, x.last ?? 0], x.id).toEqual([x.stock, x.stock]);
  });

  it('adds the paid orders to their members’ order count and spend', async () => {
    const kept = new Map<string, { n: number; fen: number }>();
    for (const o of orders.filter((x) => x.paidFen > 0 && x.status !== S.closed)) {
      const k = kept.get(o.memberId) ?? { n: 0, fen: 0 };
      kept.set(o.memberId, { n: k.n + 1, fen: k.fen + o.paidFen });
    }
    expect(kept.size).toBeGreaterThan(0);
    const after = await t.db.select().from(members).where(eq(members.renterId, renterId));
    for (const m of after) {
      const before = figuresBefore.get(m.id);
      const k = kept.get(m.id) ?? { n: 0, fen: 0 };
      expect([m.orderCount - (before?.orderCount ?? 0), m.spendFen - (before?.spendFen ?? 0)], m.phone ?? '').toEqual([k.n, k.fen]);
    }
  });

  it('has level and rights-card orders bought in the member centre, the last of each unpaid', async () => {
    const rows = await t.db.select().from(memberOrders).where(eq(memberOrders.renterId, renterId));
    const of = (kind: number) => rows.filter((r) => r.kind === kind);
    expect(of(1)).toHaveLength(DEMO_ORDERS.levelOrders);
    expect(of(2)).toHaveLength(DEMO_ORDERS.cardOrders);
    expect(of(1).filter((r) => r.status === 1)).toHaveLength(DEMO_ORDERS.levelOrders - 1);
    expect(of(2).filter((r) => r.status === 0)).toHaveLength(1);
  });
});
