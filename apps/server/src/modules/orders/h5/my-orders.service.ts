import {
  activityTagOf,
  DELIVERY_METHOD,
  DELIVERY_METHOD_TEXT,
  fenToYuan,
  GOODS_ORDER_STATUS as S,
  GOODS_ORDER_STATUS_TEXT,
  type myOrderListBody,
} from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import type { Ctx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { pageWindow } from '@/core/paging';
import { fmtTime } from '@/core/time';
import { orderRulesOf } from '@/modules/shop';
import type { GoodsOrderLineRow, GoodsOrderRow } from '@/modules/orders/goods-orders.tables';
import { payLink } from '@/modules/orders/goods-orders/checkout';
import { goodsOrderRepo } from '@/modules/orders/goods-orders/goods-orders.repository';
import { buyerCancel, byOf, confirmReceipt } from '@/modules/orders/goods-orders/lifecycle';
import { mine } from './cart.service';
import { myOrdersRepo as repo } from './my-orders.repository';
import { orderAfterSales } from '@/modules/orders/after-sales/after-sales.h5';

const TAB_STATUSES: Record<z.output<typeof myOrderListBody>['tab'], number[] | null> = {
  all: null,
  unpaid: [S.unpaid],
  toShip: [S.toShip],
  shipped: [S.shipped],
  done: [S.done],
};

const notFound = () => new BizError('订单不存在', CODE.notFound);

function rowOf(o: GoodsOrderRow, lines: GoodsOrderLineRow[]) {
  return {
    id: o.id,
    orderNo: o.orderNo,
    status: o.status,
    statusText: GOODS_ORDER_STATUS_TEXT[o.status] ?? '',
    deliveryMethod: o.deliveryMethod,
    total: fenToYuan(o.payFen),
    units: lines.reduce((s, l) => s + l.qty, 0),
    createTime: fmtTime(o.createdAt),
    afterSale: o.afterSaleOpen,
    lines: lines.map((l) => ({
      id: l.id,
      goodsId: l.goodsId,
      skuId: l.skuId,
      title: l.title,
      skuText: l.skuText,
      image: l.image,
      price: fenToYuan(l.unitFen),
      qty: l.qty,
      activityTag: activityTagOf(l.activityType),
    })),
  };
}

/** 我的订单: a tab, newest first, each order with its lines as bought. */
export async function list(ctx: Ctx, q: z.output<typeof myOrderListBody>) {
  const { t, memberId } = mine(ctx);
  const { offset, limit } = pageWindow(q);
  const { rows, total } = await repo.page(t, memberId, TAB_STATUSES[q.tab], offset, limit);
  const lines = await repo.linesOf(
    t,
    rows.map((r) => r.id),
  );
  return {
    rows: rows.map((o) =>
      rowOf(
        o,
        lines.filter((l) => l.orderId === o.id),
      ),
    ),
    total_count: total,
  };
}

async function own(ctx: Ctx, id: string): Promise<GoodsOrderRow> {
  const { t, memberId } = mine(ctx);
  const o = await repo.mine(t, memberId, id);
  if (!o) throw notFound();
  return o;
}

/** A paid 自提 order not closed shows its pick-up code. */
const showsCode = (o: GoodsOrderRow) =>
  o.deliveryMethod === DELIVERY_METHOD.pickup && !!o.pickupCode && (o.status === S.toShip || o.status === S.done);

const WHO: Record<string, string> = { member: '买家', staff: '商家', system: '系统' };

/**
 * 订单详情. The timeline is what a buyer may see: every move (with its note: a cancel's reason) and the buyer's and the
 * system's own rows, said by 买家 / 商家 / 系统; the merchant's rows that move nothing (seller notes, address edits,
 * parcels: shown as parcels) stay in the console.
 */
export async function detail(ctx: Ctx, id: string) {
  const o = await own(ctx, id);
  const { t } = mine(ctx);
  const [lines, logs, parcels] = await Promise.all([
    goodsOrderRepo.lines(t, o.id),
    goodsOrderRepo.logs(t, o.id),
    goodsOrderRepo.parcels(t, o.id),
  ]);
  const deadline =
    o.status === S.unpaid ? new Date(o.createdAt.getTime() + (await orderRulesOf(ctx, o.renterId)).autoCancelMinutes * 60_000) : null;
  return {
    ...rowOf(o, lines),
    deliveryText: DELIVERY_METHOD_TEXT[o.deliveryMethod] ?? '',
    address: o.address ?? null,
    pickupPointId: o.pickupPointId,
    pickupCode: showsCode(o) ? (o.pickupCode ?? '') : '',
    buyerNote: o.buyerNote,
    goods: fenToYuan(o.goodsFen),
    discount: fenToYuan(o.discountFen),
    freight: fenToYuan(o.freightFen),
    paid: fenToYuan(o.paidFen),
    refunded: fenToYuan(o.refundedFen),
    payTime: fmtTime(o.paidAt),
    shipTime: fmtTime(o.shippedAt),
    completeTime: fmtTime(o.completedAt),
    closeTime: fmtTime(o.closedAt),
    closeReason: o.closeReason,
    payDeadline: fmtTime(deadline),
    payLeftSeconds: deadline ? Math.max(0, Math.ceil((deadline.getTime() - Date.now()) / 1000)) : 0,
    timeline: logs
      .filter((l) => l.toStatus !== null || l.actorKind !== 'staff')
      .map((l) => ({ action: l.action, by: WHO[l.actorKind] ?? '系统', note: l.note, time: fmtTime(l.createdAt) })),
    parcels: parcels.map((p) => ({ companyName: p.companyName, trackingNo: p.trackingNo, shipTime: fmtTime(p.shippedAt), items: p.items })),
    ...(await orderAfterSales(ctx, o)),
  };
}

/** 取消订单: only unpaid (the state machine says why not: '订单已付款，请联系商家取消'); payment closed, stock back. */
export async function cancel(ctx: Ctx, id: string): Promise<void> {
  const o = await own(ctx, id);
  await buyerCancel(ctx, o.renterId, o);
  await audit(ctx, { module: 'orders', action: '买家取消订单', recordId: o.id, after: { orderNo: o.orderNo } });
}

/** 去支付: the same open pay order of an unpaid order. */
export async function pay(ctx: Ctx, id: string): Promise<{ qr_code: string }> {
  const o = await own(ctx, id);
  if (o.status === S.closed) throw new BizError('订单已关闭，请重新下单');
  if (o.status !== S.unpaid) throw new BizError('订单已支付，请勿重复支付');
  if (o.payFen === 0) throw new BizError('订单无需支付');
  return { qr_code: await payLink(ctx, o) };
}

/** 确认收货: only shipped ('订单未发货，不能确认收货'). */
export async function confirm(ctx: Ctx, id: string): Promise<void> {
  const o = await own(ctx, id);
  await confirmReceipt(ctx, o.renterId, o.id, 'buyerConfirm', byOf(ctx));
  await audit(ctx, { module: 'orders', action: '买家确认收货', recordId: o.id, after: { orderNo: o.orderNo } });
}

/** 提货码 of a paid 自提 order. */
export async function pickupCode(ctx: Ctx, id: string) {
  const o = await own(ctx, id);
  if (o.deliveryMethod !== DELIVERY_METHOD.pickup) throw new BizError('该订单不是自提订单');
  if (o.status === S.unpaid) throw new BizError('订单未付款，付款后生成提货码');
  if (o.status === S.closed) throw new BizError('订单已关闭');
  if (!showsCode(o)) throw new BizError('提货码生成中，请稍后刷新');
  return { orderNo: o.orderNo, code: o.pickupCode ?? '', status: o.status, pickupPointId: o.pickupPointId };
}
