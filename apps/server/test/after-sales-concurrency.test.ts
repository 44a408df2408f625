/**
 * After-sale refunds under concurrency (orders README "After-sale refunds"). On PostgreSQL (TEST_DATABASE_URL) the
 * calls race for real; PGlite serialises them, and the totals must hold either way.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { afterSales, goodsOrderLines, payRefunds } from '@/db/schema';
import { makeApp, type Person, runRefundJobs, type TestApp } from './helper';
import { orderOf, payOf, stockOf } from './goods-orders-fixtures';
import { type Buyer, buyerOf, H, h5, paidOrder, SV, uploadAs } from './after-sales-fixtures';
import { MEMBER_UNCLAIMED_CAP } from '@/modules/files/visitor-files.service';
import { raceIt } from './race';

let t: TestApp;
let owner: Person;
let me: Buyer;

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('并发售后店');
  me = await buyerOf(t, owner.renterId);
});
afterAll(() => t.close());

const apply = async (orderId: string, lineId: string) => {
  const r = await h5(t, me, `${H}Apply`, { orderId, type: 1, items: [{ lineId, qty: 1 }], reason: '不想要了' });
  if (r.body.code !== 0) throw new Error(r.body.msg);
  return r.body.data.id as string;
};
const rowOf = async (id: string) => (await t.db.select().from(afterSales).where(eq(afterSales.id, id)))[0];
const refundsOf = async (orderId: string) =>
  t.db
    .select()
    .from(payRefunds)
    .where(eq(payRefunds.payOrderId, (await payOf(t, orderId)).id));

describe('concurrent refunds', () => {
  raceIt('agree and refund pressed at once on one request refund it once', async () => {
    const o = await paidOrder(t, owner.renterId, me, { qty: [2], priceFen: 4500 });
    const stock = await stockOf(t, o.skuIds[0]);
    const id = await apply(o.id, o.lineIds[0]);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => t.call(`${SV}CheckService`, { id, agree: true }, owner.token)),
      ...Array.from({ length: 4 }, () => t.call(`${SV}AddFlow`, { id, action: 'refund' }, owner.token)),
    ]);
    expect(answers.filter((r) => r.body.code === 0).length).toBeGreaterThanOrEqual(1);
    await runRefundJobs(t);
    expect(await rowOf(id)).toMatchObject({ status: 7, refundFen: 4500 });
    const refunds = await refundsOf(o.id);
    expect(refunds.map((r) => [r.amountFen, r.status])).toEqual([[4500, 2]]);
    expect(await orderOf(t, o.id)).toMatchObject({ refundedFen: 4500, status: 1 });
    expect((await t.db.select().from(goodsOrderLines).where(eq(goodsOrderLines.orderId, o.id)))[0].refundedQty).toBe(1);
    expect(await stockOf(t, o.skuIds[0])).toBe(stock + 1);
  });

  raceIt('two requests of one order refunded at once never return more than was paid, each once', async () => {
    const o = await paidOrder(t, owner.renterId, me, { qty: [1, 1], priceFen: 3000 });
    const a = await apply(o.id, o.lineIds[0]);
    const b = await apply(o.id, o.lineIds[1]);
    await Promise.all(
      [a, b].flatMap((id) => [
        ...Array.from({ length: 3 }, () => t.call(`${SV}CheckService`, { id, agree: true, amount: 30 }, owner.token)),
        ...Array.from({ length: 3 }, () => t.call(`${SV}AddFlow`, { id, action: 'refund', amount: 30 }, owner.token)),
      ]),
    );
    await runRefundJobs(t);
    const pay = await payOf(t, o.id);
    const refunds = await refundsOf(o.id);
    const done = refunds.filter((r) => r.status === 2).reduce((n, r) => n + r.amountFen, 0);
    expect(done).toBeLessThanOrEqual(pay.amountFen);
    expect(done).toBe(6000);
    expect(refunds).toHaveLength(2);
    expect([(await rowOf(a)).status, (await rowOf(b)).status]).toEqual([7, 7]);
    // Every unit refunded before shipping: the order closed, once.
    expect(await orderOf(t, o.id)).toMatchObject({ status: 4, refundedFen: 6000, afterSaleOpen: false });
  });

  raceIt('the buyer cancelling while the merchant agrees: one of them happens', async () => {
    const o = await paidOrder(t, owner.renterId, me, { qty: [1], priceFen: 2000 });
    const id = await apply(o.id, o.lineIds[0]);
    const [agree, cancel] = await Promise.all([
      t.call(`${SV}CheckService`, { id, agree: true }, owner.token),
      h5(t, me, `${H}Cancel`, { id }),
    ]);
    await runRefundJobs(t);
    const row = await rowOf(id);
    const refunded = (await refundsOf(o.id)).filter((r) => r.status === 2).reduce((n, r) => n + r.amountFen, 0);
    if (row.status === 9) {
      expect(cancel.body.code).toBe(0);
      expect(agree.body.msg).toBe('售后单已撤销，不能同意');
      expect(refunded).toBe(0);
    } else {
      expect(row.status).toBe(7);
      expect(cancel.body.msg).toMatch(/^售后单(待商家退款|退款中|已完成)，不能撤销$/);
      expect(refunded).toBe(2000);
    }
    expect((await orderOf(t, o.id)).refundedFen).toBe(refunded);
  });
});

describe('concurrent uploads and claims of after-sale images', () => {
  raceIt('30 uploads at once keep the member within the cap: exactly 20 stored', async () => {
    const buyer = await buyerOf(t, owner.renterId);
    const answers = await Promise.all(Array.from({ length: 30 }, () => uploadAs(t, buyer)));
    expect(answers.filter((a) => a.code === 0).length).toBe(MEMBER_UNCLAIMED_CAP);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.msg === `最多上传${MEMBER_UNCLAIMED_CAP}张图片，请先提交售后申请`)).toBe(
      true,
    );
  });

  raceIt('two requests sent at once with the same image: one holds it, the other is refused', async () => {
    const o = await paidOrder(t, owner.renterId, me, { qty: [1, 1] });
    const img = await uploadAs(t, me);
    const send = (lineId: string) =>
      h5(t, me, `${H}Apply`, { orderId: o.id, type: 1, items: [{ lineId, qty: 1 }], reason: '不想要了', images: [img.data.url] });
    const answers = await Promise.all([send(o.lineIds[0]), send(o.lineIds[1])]);
    expect(answers.map((r) => r.body.code === 0).sort()).toEqual([false, true]);
    expect(answers.find((r) => r.body.code !== 0)?.body.msg).toBe('凭证图片已失效，请重新上传');
    const stored = await t.db.select().from(afterSales).where(eq(afterSales.orderId, o.id));
    expect(stored.map((a) => a.images)).toEqual([[img.data.url]]);
  });
});
