import { AFTER_SALE_STATUS as A, AFTER_SALE_STATUS_TEXT, AFTER_SALE_TYPE_TEXT, fenToYuan, GOODS_ORDER_STATUS_TEXT } from '@shop/contract';
import type { Ctx } from '@/core/context';
import { fmtTime } from '@/core/time';
import { type Tenant, tenantFor } from '@/core/tenant';
import type { GoodsOrderRow } from '@/modules/orders/goods-orders.tables';
import { goodsOrderRepo } from '@/modules/orders/goods-orders/goods-orders.repository';
import { asMissing } from './after-sale.flow';
import { afterSaleRepo as repo } from './after-sales.repository';
import type { AfterSaleRow } from './after-sales.tables';

/** A request as lists show it. */
export function afterSaleRow(a: AfterSaleRow) {
  return {
    id: a.id,
    afterSaleNo: a.afterSaleNo,
    orderId: a.orderId,
    orderNo: a.orderNo,
    memberId: a.memberId,
    memberPhone: a.memberPhone,
    type: a.type,
    typeText: AFTER_SALE_TYPE_TEXT[a.type] ?? '',
    status: a.status,
    statusText: AFTER_SALE_STATUS_TEXT[a.status] ?? '',
    reason: a.reason,
    items: a.items.map((i) => ({
      lineId: i.lineId,
      title: i.title,
      skuText: i.skuText,
      image: i.image,
      price: fenToYuan(i.unitFen),
      qty: i.qty,
    })),
    amount: fenToYuan(a.amountFen),
    refundedAmount: a.status === A.done ? fenToYuan(a.refundFen) : 0,
    createTime: fmtTime(a.createdAt),
    finishTime: fmtTime(a.finishedAt),
    deadline: fmtTime(a.deadlineAt),
  };
}

const WHO: Record<string, string> = { member: '买家', staff: '商家', system: '系统' };

/** Most the merchant may refund on the request now: what was asked, within what the order has left. */
export async function requestRefundable(t: Tenant, a: AfterSaleRow, o: GoodsOrderRow): Promise<number> {
  if (a.status === A.refunding || a.status === A.done) return 0;
  if (a.type === 3) return 0;
  const left = o.paidFen - Math.max(o.refundedFen, await repo.claimedFen(t, o.id, a.id));
  return Math.max(0, Math.min(a.amountFen, left));
}

/** The detail (console: staff names in the history; the buyer: 买家 / 商家 / 系统). */
export async function afterSaleDetailOf(ctx: Ctx, renterId: string, a: AfterSaleRow, forBuyer: boolean) {
  const t = tenantFor(ctx, renterId);
  const o = await goodsOrderRepo.byId(t, a.orderId);
  if (!o) throw asMissing();
  const logs = await repo.logs(t, a.id);
  return {
    ...afterSaleRow(a),
    description: a.description,
    images: a.images,
    refuseReason: a.refuseReason,
    returnAddress: a.returnAddress ?? null,
    returnCompany: a.returnCompany,
    returnTrackingNo: a.returnTrackingNo,
    resendCompany: a.resendCompany,
    resendTrackingNo: a.resendTrackingNo,
    refundable: fenToYuan(await requestRefundable(t, a, o)),
    order: {
      id: o.id,
      orderNo: o.orderNo,
      status: o.status,
      statusText: GOODS_ORDER_STATUS_TEXT[o.status] ?? '',
      payAmount: fenToYuan(o.payFen),
      paidAmount: fenToYuan(o.paidFen),
      refundedAmount: fenToYuan(o.refundedFen),
      freightAmount: fenToYuan(o.freightFen),
      createTime: fmtTime(o.createdAt),
      payTime: fmtTime(o.paidAt),
    },
    logs: logs.map((l) => ({
      time: fmtTime(l.createdAt),
      by: forBuyer || l.actorKind !== 'staff' ? (WHO[l.actorKind] ?? '系统') : l.actorName || '商家',
      action: l.action,
      note: l.note,
      images: l.images,
      amount: l.amountFen === null ? null : fenToYuan(l.amountFen),
    })),
  };
}
