/**
 * The money path under retries and races (orders README "The money path"): one pay order per order, payments nobody
 * accepted go back by themselves, and stock given back exactly once when an after-sale refund races the merchant's
 * cancel. The race tests run on PostgreSQL only (test/race.ts); the late payment of a closed order runs on both.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterSales, goodsOrderLines, goodsOrders, goodsStockMoves, payOrders, payRefunds, sandboxProviderRefunds } from '@/db/schema';
import { closePayment, type SandboxPaymentProvider } from '@/integrations/payment';
import { payLink } from '@/modules/orders';
import { type Buyer, buyerOf, H, h5 } from './after-sales-fixtures';
import { P } from './goods-orders-console-fixtures';
import { makeGoods, openEveryMethod, orderOf, renterCtx, stockOf } from './goods-orders-fixtures';
import { makeApp, type Person, runRefundJobs, systemCtx, type TestApp } from './helper';
import { raceIt } from './race';

let t: TestApp;
let owner: Person;
let sandbox: SandboxPaymentProvider;

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('资金链路店');
  sandbox = t.services.payment.provider as SandboxPaymentProvider;
  await openEveryMethod(t, owner.renterId);
  // No auto-agree: the tests below decide when an after-sale is agreed.
});
afterAll(() => t?.close());

const ADDRESS_BODY = { name: '张三', phone: '13912345678', area: ['44', '4403', '440305'], address: '科技园1号' };

async function addressOf(b: Buyer): Promise<string> {
  const saved = await h5(t, b, '/h5/Address/Save', ADDRESS_BODY);
  if (saved.body.code !== 0) throw new Error(saved.body.msg);
  const list = await h5(t, b, '/h5/Address/List', {});
  return list.body.data.rows[0].id as string;
}

const payOrdersOf = (orderId: string) => t.db.select().from(payOrders).where(eq(payOrders.bizId, orderId));
const outTradeNoOf = (link: string) => new URL(link).pathname.split('/').pop() ?? '';

/** Pays a pay order as the provider would report it (the payer confirmed; its signed notify delivered). */
async function providerPaid(outTradeNo: string, amountFen: number) {
  const notify = sandbox.signNotify({ outTradeNo, amountFen });
  const res = await t.app.inject({ method: 'POST', url: '/api/Pay/Notify/sandbox', headers: notify.headers, payload: notify.body });
  expect(res.json()).toMatchObject({ code: 'SUCCESS' });
}

/** What went back to the payer at the provider for this pay order. */
const refundedAtProvider = async (outTradeNo: string) =>
  (await t.db.select().from(sandboxProviderRefunds).where(eq(sandboxProviderRefunds.outTradeNo, outTradeNo))).reduce(
    (n, r) => n + r.amountFen,
    0,
  );

/** A new buyer with a saved address, and a goods of this price and stock; `submit` places one of it (快递, a new key). */
async function shopper(priceFen: number, stock: number) {
  const g = await makeGoods(t, owner.renterId, { priceFen, stock });
  const b = await buyerOf(t, owner.renterId);
  const addressId = await addressOf(b);
  const submit = async (qty = 1, requestKey = `k-${randomUUID()}`) => {
    const r = await h5(t, b, '/h5/Order/Submit', { skuId: g.skuId, qty, deliveryMethod: 1, addressId, requestKey });
    if (r.body.code !== 0) throw new Error(r.body.msg);
    return r.body.data as { orderId: string; qr_code: string };
  };
  return { g, b, submit };
}

describe('提交订单 retried while the first is still being answered', () => {
  raceIt('ten submits with one request key give one order and one pay order, and every answer is its link', async () => {
    const { g, b, submit } = await shopper(3900, 20);
    const requestKey = `k-${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => submit(1, requestKey)));
    const ids = new Set(answers.map((a) => a.orderId));
    expect(ids.size).toBe(1);
    const [orderId] = [...ids];
    const pays = await payOrdersOf(orderId);
    expect(pays).toHaveLength(1);
    expect(new Set(answers.map((a) => outTradeNoOf(a.qr_code)))).toEqual(new Set([pays[0].outTradeNo]));
    expect((await orderOf(t, orderId)).payOrderId).toBe(pays[0].id);
    expect(await stockOf(t, g.skuId)).toBe(19);
    // 再次支付 answers the same pay order.
    const again = await h5(t, b, '/h5/Order/Pay', { id: orderId });
    expect(outTradeNoOf(again.body.data.qr_code)).toBe(pays[0].outTradeNo);
  });
});

describe('a payment the order does not take', () => {
  it('is refunded by itself when it arrives after the order closed, and the order stays closed', async () => {
    const { g, b, submit } = await shopper(2500, 5);
    const { orderId, qr_code } = await submit();
    expect((await h5(t, b, '/h5/Order/Cancel', { id: orderId })).body).toMatchObject({ code: 0 });
    // The payer was still on the pay page: the provider took the money after we closed the pay order.
    await providerPaid(outTradeNoOf(qr_code), 2500);
    expect(await orderOf(t, orderId)).toMatchObject({ status: 4, paidFen: 0 });
    await runRefundJobs(t);
    expect(await refundedAtProvider(outTradeNoOf(qr_code))).toBe(2500);
    const [stray] = await t.db
      .select()
      .from(payRefunds)
      .where(eq(payRefunds.payOrderId, (await payOrdersOf(orderId))[0].id));
    expect(stray).toMatchObject({ bizType: 'stray-payment', amountFen: 2500, status: 2 });
    expect(await stockOf(t, g.skuId)).toBe(5);
  });

  raceIt('is refunded by itself when the order was paid through its other pay order, whichever arrives first', async () => {
    const { submit } = await shopper(1800, 5);
    const { orderId } = await submit();
    const first = (await payOrdersOf(orderId))[0];
    // The first pay order closed while the order stayed unpaid (a cancel that then lost to a change): 去支付 opens another.
    await closePayment(systemCtx(t), first.id);
    const link = await payLink(renterCtx(t, owner.renterId), await orderOf(t, orderId));
    const second = (await payOrdersOf(orderId)).find((p) => p.id !== first.id);
    expect(second && outTradeNoOf(link)).toBe(second?.outTradeNo);
    // Both links get paid at once: the order takes exactly one payment; the other goes back whole.
    await Promise.all([providerPaid(first.outTradeNo, 1800), providerPaid(second?.outTradeNo ?? '', 1800)]);
    await runRefundJobs(t);
    const o = await orderOf(t, orderId);
    expect(o).toMatchObject({ status: 1, paidFen: 1800, refundedFen: 0 });
    const back = (await refundedAtProvider(first.outTradeNo)) + (await refundedAtProvider(second?.outTradeNo ?? ''));
    expect(back).toBe(1800);
    // The paying pay order is the one the order records, and the one the merchant's cancel refunds.
    expect(await refundedAtProvider((await payOrdersOf(orderId)).find((p) => p.id === o.payOrderId)?.outTradeNo ?? '')).toBe(0);
    expect((await t.call(`${P}CancelOrder`, { id: orderId, reason: '商品缺货' }, owner.token)).body).toMatchObject({ code: 0 });
    await runRefundJobs(t);
    expect(await orderOf(t, orderId)).toMatchObject({ status: 4, refundedFen: 1800 });
    expect((await refundedAtProvider(first.outTradeNo)) + (await refundedAtProvider(second?.outTradeNo ?? ''))).toBe(3600);
  });
});

/** Units of the SKU held by orders not closed (not refunded), the stock's sum on its ledger, and the stock column. */
async function stockBooks(skuId: string) {
  const held = await t.db
    .select({ n: sql<number>`coalesce(sum(${goodsOrderLines.qty} - ${goodsOrderLines.refundedQty}), 0)::int` })
    .from(goodsOrderLines)
    .innerJoin(goodsOrders, and(eq(goodsOrders.id, goodsOrderLines.orderId), eq(goodsOrders.renterId, goodsOrderLines.renterId)))
    .where(and(eq(goodsOrderLines.skuId, skuId), sql`${goodsOrders.status} <> 4`));
  const ledger = await t.db
    .select({ n: sql<number>`coalesce(sum(${goodsStockMoves.delta}), 0)::int` })
    .from(goodsStockMoves)
    .where(eq(goodsStockMoves.skuId, skuId));
  return { held: held[0].n, ledgerMoves: ledger[0].n, stock: await stockOf(t, skuId) };
}

describe('an after-sale refund racing 取消订单', () => {
  raceIt('gives each unit back once: stock = what no open order holds, and every request ends refunded or refused', async () => {
    const START = 60;
    const { g, b, submit } = await shopper(1000, START);
    const orders: { id: string; lineId: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const placed = await submit(2);
      await providerPaid(outTradeNoOf(placed.qr_code), 2000);
      const detail = await h5(t, b, '/h5/Order/Detail', { id: placed.orderId });
      orders.push({ id: placed.orderId, lineId: detail.body.data.lines[0].id });
    }
    // Half the rounds: the buyer's 仅退款 and the merchant's cancel at once; the other half: the request is open, and the
    // merchant's agree (which refunds at once) races the cancel.
    await Promise.all(
      orders.map(async (o, i) => {
        if (i % 2 === 0) {
          await Promise.all([
            h5(t, b, `${H}Apply`, { orderId: o.id, type: 1, items: [{ lineId: o.lineId, qty: 1 }], reason: '不想要了' }),
            t.call(`${P}CancelOrder`, { id: o.id, reason: '商品缺货' }, owner.token),
          ]);
        } else {
          const applied = await h5(t, b, `${H}Apply`, {
            orderId: o.id,
            type: 1,
            items: [{ lineId: o.lineId, qty: 1 }],
            reason: '不想要了',
          });
          await Promise.all([
            t.call('/Order/Service/CheckService', { id: applied.body.data.id, agree: true }, owner.token),
            t.call(`${P}CancelOrder`, { id: o.id, reason: '商品缺货' }, owner.token),
          ]);
        }
      }),
    );
    // Requests still waiting for the merchant are agreed now; then every refund job runs.
    for (const o of orders) {
      const open = await t.db
        .select()
        .from(afterSales)
        .where(and(eq(afterSales.orderId, o.id), eq(afterSales.status, 1)));
      for (const a of open) await t.call('/Order/Service/CheckService', { id: a.id, agree: true }, owner.token);
    }
    await runRefundJobs(t);

    const books = await stockBooks(g.skuId);
    expect(books.stock).toBe(START + books.ledgerMoves);
    expect(books.stock).toBe(START - books.held);
    for (const o of orders) {
      const row = await orderOf(t, o.id);
      const requests = await t.db.select().from(afterSales).where(eq(afterSales.orderId, o.id));
      // Every request made it through: none is left 退款中.
      for (const a of requests) expect(a.status).toBe(7);
      const pay = (await payOrdersOf(o.id)).find((p) => p.id === row.payOrderId);
      const back = await refundedAtProvider(pay?.outTradeNo ?? '');
      expect(back).toBe(row.refundedFen);
      expect(back).toBeLessThanOrEqual(2000);
      if (row.status === 4) expect(back).toBe(2000);
      else expect(back).toBe(requests.filter((a) => a.status === 7).reduce((n, a) => n + a.refundFen, 0));
      const refunds = await t.db
        .select()
        .from(payRefunds)
        .where(eq(payRefunds.payOrderId, row.payOrderId ?? ''));
      expect(refunds.every((r) => r.status === 2)).toBe(true);
    }
  });
});
