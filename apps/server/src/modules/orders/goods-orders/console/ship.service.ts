import { DELIVERY_METHOD, expressName, GOODS_ORDER_STATUS as S, GOODS_ORDER_STATUS_TEXT } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import { audit } from '@/core/audit';
import { type Ctx, inTx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { sendJob } from '@/core/jobs';
import { type Tenant, tenantOf } from '@/core/tenant';
import { fmtTime } from '@/core/time';
import { LOGISTICS_STATE_TEXT } from '@/integrations/logistics';
import { orderRulesOf } from '@/modules/shop';
import { goodsOrderLines, goodsOrderParcels, goodsOrders } from '@/modules/orders/goods-orders.tables';
import { goodsOrderRepo as repo } from '@/modules/orders/goods-orders/goods-orders.repository';
import { logGoodsOrder, type MoveBy, moveGoodsOrder, refusalOf } from '@/modules/orders/goods-orders/goods-order.states';
import { AUTO_CONFIRM_JOB } from '@/modules/orders/goods-orders/lifecycle';
import { orderOr404 } from './list.service';
import { staffBy } from './staff';
import { parcelView, toShipOf } from './view';

export interface ParcelIn {
  companyCode: string;
  trackingNo: string;
  /** None: every unit still to ship. */
  items: { lineId: string; qty: number }[];
}

/**
 * Ships parcels of one order in the caller's transaction (README "Partial shipping"): the order row is locked, so two
 * staff shipping at once queue; each parcel names lines and units still to ship (qty − shipped − refunded); the lines'
 * shipped_qty grows by one conditional UPDATE each; once no unit is left the order moves 1 → 2 and its auto-confirm
 * job is sent (startAfter = 通用设置's days). Answers whether the order is now shipped.
 */
export async function shipInTx(
  tx: Ctx,
  t: Tenant,
  id: string,
  parcels: ParcelIn[],
  by: MoveBy,
): Promise<{ shipped: boolean; status: number }> {
  const o = await repo.lock(t, id);
  if (!o) throw new BizError('订单不存在', CODE.notFound);
  if (o.deliveryMethod === DELIVERY_METHOD.pickup) throw new BizError('自提订单无需发货，请在买家到店时核销');
  if (o.status !== S.toShip) throw new BizError(refusalOf('ship', o.status));
  const lines = await repo.lines(t, id);
  const left = new Map(lines.map((l) => [l.id, toShipOf(l)]));
  const byId = new Map(lines.map((l) => [l.id, l]));
  const adds = new Map<string, number>();
  const now = new Date();
  for (const p of parcels) {
    const wanted = new Map<string, number>();
    if (p.items.length) for (const i of p.items) wanted.set(i.lineId, (wanted.get(i.lineId) ?? 0) + i.qty);
    else for (const [lineId, n] of left) if (n > 0) wanted.set(lineId, n);
    if (!wanted.size) throw new BizError('订单商品已全部发货');
    for (const [lineId, n] of wanted) {
      const l = byId.get(lineId);
      if (!l) throw new BizError('发货商品不属于该订单');
      if (n > (left.get(lineId) ?? 0)) throw new BizError(`商品「${l.title}」发货数量超过待发货数量`);
      left.set(lineId, (left.get(lineId) ?? 0) - n);
      adds.set(lineId, (adds.get(lineId) ?? 0) + n);
    }
    const [row] = await t.db
      .insert(goodsOrderParcels)
      .values({
        renterId: t.renterId,
        orderId: id,
        companyCode: p.companyCode,
        companyName: expressName(p.companyCode),
        trackingNo: p.trackingNo,
        items: [...wanted].map(([lineId, qty]) => ({ lineId, qty })),
        shippedAt: now,
        shippedBy: by.kind === 'staff' ? by.id : null,
      })
      .onConflictDoNothing()
      .returning({ id: goodsOrderParcels.id });
    if (!row) throw new BizError(`运单号「${p.trackingNo}」已添加过`);
  }
  for (const [lineId, n] of adds) {
    const [ok] = await t.db
      .update(goodsOrderLines)
      .set({ shippedQty: sql`${goodsOrderLines.shippedQty} + ${n}` })
      .where(
        and(
          eq(goodsOrderLines.renterId, t.renterId),
          eq(goodsOrderLines.id, lineId),
          sql`${goodsOrderLines.shippedQty} + ${n} + ${goodsOrderLines.refundedQty} <= ${goodsOrderLines.qty}`,
        ),
      )
      .returning({ id: goodsOrderLines.id });
    if (!ok) throw new BizError(`商品「${byId.get(lineId)?.title ?? ''}」发货数量超过待发货数量`);
  }
  const note = parcels.map((p) => `${expressName(p.companyCode)} ${p.trackingNo}`).join('；');
  const done = [...left.values()].every((n) => n === 0);
  if (!done) {
    await logGoodsOrder(t, id, { action: '商家部分发货', by, note });
    return { shipped: false, status: S.toShip };
  }
  await moveGoodsOrder(t, id, 'ship', { by, from: [S.toShip], note, patch: { shippedAt: now } });
  const rules = await orderRulesOf(tx, t.renterId);
  await sendJob(
    tx,
    AUTO_CONFIRM_JOB,
    { renterId: t.renterId, orderId: id },
    {
      startAfter: new Date(now.getTime() + rules.autoConfirmDays * 86_400_000),
    },
  );
  return { shipped: true, status: S.shipped };
}

/** AddLogistics. */
export async function addLogistics(ctx: Ctx, id: string, parcels: ParcelIn[]) {
  const by = await staffBy(ctx);
  const r = await inTx(ctx, async (tx) => {
    const t = tenantOf(tx);
    const res = await shipInTx(tx, t, id, parcels, by);
    await audit(tx, { module: 'orders', action: res.shipped ? '商品订单发货' : '商品订单部分发货', recordId: id, after: { parcels } });
    return res;
  });
  return { ...r, statusText: GOODS_ORDER_STATUS_TEXT[r.status] ?? '' };
}

/** BatchAddLogistics: each row in its own transaction, with its own result (one refusal does not stop the others). */
export async function batchAddLogistics(ctx: Ctx, rows: { orderNo: string; companyCode: string; trackingNo: string }[]) {
  const by = await staffBy(ctx);
  const out: { orderNo: string; ok: boolean; msg: string }[] = [];
  for (const row of rows) {
    try {
      await inTx(ctx, async (tx) => {
        const t = tenantOf(tx);
        const [o] = await t.db
          .select({ id: goodsOrders.id })
          .from(goodsOrders)
          .where(and(eq(goodsOrders.renterId, t.renterId), eq(goodsOrders.orderNo, row.orderNo.toUpperCase())));
        if (!o) throw new BizError('订单不存在');
        const parcels = [{ companyCode: row.companyCode, trackingNo: row.trackingNo, items: [] }];
        const res = await shipInTx(tx, t, o.id, parcels, by);
        await audit(tx, { module: 'orders', action: '商品订单批量发货', recordId: o.id, after: { parcels, shipped: res.shipped } });
      });
      out.push({ orderNo: row.orderNo, ok: true, msg: '发货成功' });
    } catch (e) {
      if (!(e instanceof BizError)) throw e;
      out.push({ orderNo: row.orderNo, ok: false, msg: e.message });
    }
  }
  const okCount = out.filter((r) => r.ok).length;
  return { rows: out, okCount, failCount: out.length - okCount };
}

/** GetLogisticsRecord: each parcel with its tracking (the logistics integration; the dev one in development). */
export async function logisticsRecord(ctx: Ctx, id: string) {
  const t = tenantOf(ctx);
  await orderOr404(t, id);
  const [lines, parcels] = await Promise.all([repo.lines(t, id), repo.parcels(t, id)]);
  return {
    parcels: await Promise.all(
      parcels.map(async (p) => {
        const tr = await ctx.services.logistics.query({ company: p.companyCode, trackingNo: p.trackingNo, shippedAt: p.shippedAt });
        return {
          ...parcelView(p, lines),
          state: tr.state,
          stateText: LOGISTICS_STATE_TEXT[tr.state] ?? '',
          traces: tr.traces.map((x) => ({ time: fmtTime(x.time), text: x.text })),
        };
      }),
    ),
  };
}
