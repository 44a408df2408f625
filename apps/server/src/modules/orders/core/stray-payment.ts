import { fenText } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '@/core/context';
import type { DeliveredEvent } from '@/core/jobs';
import { type Tenant, tenantFor } from '@/core/tenant';
import { logOrder, SYSTEM_BY } from './moves';
import { orders } from './orders.tables';

export const PAID_AFTER_CLOSE = '订单关闭后收到付款，自动原路退款';
export const PAID_TWICE = '订单重复付款，自动原路退款';
/** An order's close lost to its payment: the payer paid while it closed. */
export const PAID_MEANWHILE = '订单刚刚完成支付，请刷新后再操作';

/**
 * An order's onPaid that rejects a payment (the order closed, or was paid through another pay order) notes it on the
 * order's timeline, in the payment's transaction; the payment module refunds it.
 */
export function noteRejectedPayment(tenant: Tenant, orderId: string, closed: boolean, amountFen: number): Promise<void> {
  return logOrder(tenant, orderId, {
    action: closed ? PAID_AFTER_CLOSE : PAID_TWICE,
    by: { ...SYSTEM_BY, id: 'payment' },
    note: `¥${fenText(amountFen)}`,
  });
}

/**
 * payment.stray: a payment arrived for an order's pay order after it was closed (the order closed or expired while the
 * payer was on the page); the payment module refunds it in full. The order's timeline says so, whatever its kind; a
 * pay order of something that is no order (a product purchase, a waybill package) is left to its owner.
 */
export async function notePaymentAfterClose(tx: Ctx, e: DeliveredEvent<'payment.stray'>): Promise<void> {
  if (!e.renterId) return;
  const t = tenantFor(tx, e.renterId);
  const [o] = await t.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.renterId, e.renterId), eq(orders.id, e.payload.bizId)));
  if (o) await noteRejectedPayment(t, o.id, true, e.payload.amountFen);
}
