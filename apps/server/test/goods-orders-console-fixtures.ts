/** Paid goods orders for the console tests (placed through the checkout, paid through the sandbox). */
import { eq } from 'drizzle-orm';
import { members } from '@/db/schema';
import { payBySandbox, type TestApp } from './helper';
import { makeGoods, makeMember, openEveryMethod, place } from './goods-orders-fixtures';

export const P = '/Order/GoodsOrder/';

/** A member with a phone of their own, and their id. */
export async function buyer(t: TestApp, renterId: string) {
  const id = await makeMember(t, renterId);
  const [m] = await t.db.select().from(members).where(eq(members.id, id));
  return { id, phone: m.phone ?? '' };
}

/** An order of `lines` goods (qty each), paid unless `unpaid`; answers the order id, number and SKU ids. */
export async function order(
  t: TestApp,
  renterId: string,
  o: { qty?: number[]; pickup?: boolean; unpaid?: boolean; title?: string; priceFen?: number; member?: { id: string; phone: string } } = {},
) {
  const m = o.member ?? (await buyer(t, renterId));
  // A new shop offers 快递 only (配送设置): these orders may be 自提 too.
  if (o.pickup) await openEveryMethod(t, renterId);
  const goods = [];
  for (const [i] of (o.qty ?? [1]).entries())
    goods.push(
      await makeGoods(t, renterId, { title: o.title ? `${o.title}${i || ''}` : undefined, priceFen: o.priceFen ?? 5000, stock: 50 }),
    );
  const placed = await place(
    t,
    renterId,
    m.id,
    goods.map((g, i) => ({ skuId: g.skuId, qty: (o.qty ?? [1])[i] })),
    { memberPhone: m.phone, ...(o.pickup ? { deliveryMethod: 2, address: null } : {}) },
  );
  if (!o.unpaid) await payBySandbox(t, placed.qr_code);
  return { id: placed.orderId, orderNo: placed.orderNo as string, skuIds: goods.map((g) => g.skuId), member: m };
}
