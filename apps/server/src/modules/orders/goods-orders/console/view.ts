import {
  activityTagOf,
  DELIVERY_METHOD_TEXT,
  EXPRESS_COMPANIES,
  fenToYuan,
  GOODS_ORDER_STATUS_TEXT,
  GOODS_PAY_METHOD_TEXT,
} from '@shop/contract';
import { fmtTime } from '@/core/time';
import type { OrderLogRow } from '@/modules/orders/core/orders.tables';
import type { GoodsOrderLineRow, GoodsOrderRow, goodsOrderParcels } from '@/modules/orders/goods-orders.tables';

type ParcelRow = typeof goodsOrderParcels.$inferSelect;
type LogRow = OrderLogRow;

/** Units still to ship on a line: bought, less shipped, less refunded. */
export const toShipOf = (l: GoodsOrderLineRow) => Math.max(0, l.qty - l.shippedQty - l.refundedQty);

export const lineBrief = (l: GoodsOrderLineRow) => ({
  id: l.id,
  title: l.title,
  skuText: l.skuText,
  image: l.image,
  price: fenToYuan(l.unitFen),
  qty: l.qty,
  activityTag: activityTagOf(l.activityType),
});

export const lineFull = (l: GoodsOrderLineRow) => ({
  ...lineBrief(l),
  goodsId: l.goodsId,
  skuId: l.skuId,
  lineAmount: fenToYuan(l.lineFen),
  discountAmount: fenToYuan(l.discountFen),
  shippedQty: l.shippedQty,
  refundedQty: l.refundedQty,
  toShipQty: toShipOf(l),
});

/** A list row of the order and its lines. */
export function orderRow(o: GoodsOrderRow, lines: GoodsOrderLineRow[]) {
  return {
    id: o.id,
    orderNo: o.orderNo,
    title: o.title,
    lines: lines.map(lineBrief),
    memberId: o.memberId,
    memberPhone: o.memberPhone,
    consignee: o.address?.name ?? '',
    deliveryMethod: o.deliveryMethod,
    deliveryText: DELIVERY_METHOD_TEXT[o.deliveryMethod] ?? '',
    status: o.status,
    statusText: GOODS_ORDER_STATUS_TEXT[o.status] ?? '',
    afterSaleOpen: o.afterSaleOpen,
    shippedQty: lines.reduce((n, l) => n + l.shippedQty, 0),
    totalQty: lines.reduce((n, l) => n + l.qty, 0),
    goodsAmount: fenToYuan(o.goodsFen),
    discountAmount: fenToYuan(o.discountFen),
    freightAmount: fenToYuan(o.freightFen),
    payAmount: fenToYuan(o.payFen),
    paidAmount: fenToYuan(o.paidFen),
    refundedAmount: fenToYuan(o.refundedFen),
    payMethod: o.payMethod,
    payMethodText: GOODS_PAY_METHOD_TEXT[o.payMethod] ?? o.payMethod,
    buyerNote: o.buyerNote,
    sellerNote: o.sellerNote,
    createTime: fmtTime(o.createdAt),
    payTime: fmtTime(o.paidAt),
    shippedTime: fmtTime(o.shippedAt),
    completedTime: fmtTime(o.completedAt),
    closedTime: fmtTime(o.closedAt),
  };
}

export function parcelView(p: ParcelRow, lines: GoodsOrderLineRow[]) {
  const byId = new Map(lines.map((l) => [l.id, l]));
  return {
    id: p.id,
    companyCode: p.companyCode,
    companyName: p.companyName,
    trackingNo: p.trackingNo,
    items: p.items.map((i) => ({
      lineId: i.lineId,
      title: byId.get(i.lineId)?.title ?? '',
      skuText: byId.get(i.lineId)?.skuText ?? '',
      qty: i.qty,
    })),
    shippedTime: fmtTime(p.shippedAt),
  };
}

export const logView = (l: LogRow) => ({ time: fmtTime(l.createdAt), action: l.action, actorName: l.actorName, note: l.note });

export const companies = () => EXPRESS_COMPANIES.map((c) => ({ code: c.code, name: c.name }));
