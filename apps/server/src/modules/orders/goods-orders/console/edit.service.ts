import { GOODS_ORDER_STATUS as S } from '@shop/contract';
import { audit } from '@/core/audit';
import { type Ctx, inTx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { tenantOf } from '@/core/tenant';
import { goodsOrderRepo as repo } from '@/modules/orders/goods-orders/goods-orders.repository';
import { logGoodsOrder } from '@/modules/orders/goods-orders/goods-order.states';
import { confirmReceipt, merchantCancel } from '@/modules/orders/goods-orders/lifecycle';
import { orderOr404 } from './list.service';
import { staffBy } from './staff';

const MODULE = 'orders';

/** 卖家备注: any status; a timeline line and the operation log. */
export async function setSellerNote(ctx: Ctx, id: string, notes: string) {
  const by = await staffBy(ctx);
  await inTx(ctx, async (tx) => {
    const t = tenantOf(tx);
    const o = await repo.lock(t, id);
    if (!o) throw new BizError('订单不存在', CODE.notFound);
    await repo.set(t, id, { sellerNote: notes });
    await logGoodsOrder(t, id, { action: '修改卖家备注', by, note: notes });
    await audit(tx, {
      module: MODULE,
      action: '商品订单备注',
      recordId: id,
      before: { sellerNote: o.sellerNote },
      after: { sellerNote: notes },
    });
  });
}

/**
 * EditOrderAddress: only for an order that ships (快递 / 同城), unpaid or paid, before any parcel left: one
 * conditional UPDATE on the status, so a parcel added meanwhile (which locks the order) wins.
 */
export async function editAddress(
  ctx: Ctx,
  id: string,
  a: { name: string; phone: string; area: string[]; areaText: string; address: string },
) {
  const by = await staffBy(ctx);
  await inTx(ctx, async (tx) => {
    const t = tenantOf(tx);
    const o = await repo.lock(t, id);
    if (!o) throw new BizError('订单不存在', CODE.notFound);
    if (o.deliveryMethod === 2) throw new BizError('自提订单没有收货地址');
    if (o.status === S.shipped || o.status === S.done) throw new BizError('订单已发货，不能修改收货地址');
    if (o.status === S.closed) throw new BizError('订单已关闭，不能修改收货地址');
    if ((await repo.parcels(t, id)).length) throw new BizError('订单已部分发货，不能修改收货地址');
    const address = { name: a.name, phone: a.phone, area: a.area, areaText: a.areaText, address: a.address };
    if (!(await repo.set(t, id, { address }, [S.unpaid, S.toShip]))) throw new BizError('订单状态已变化，请刷新后再操作');
    await logGoodsOrder(t, id, { action: '修改收货地址', by, note: `${a.name} ${a.phone} ${a.areaText} ${a.address}` });
    await audit(tx, { module: MODULE, action: '修改商品订单收货地址', recordId: id, before: { address: o.address }, after: { address } });
  });
}

/**
 * CancelOrder: H3's merchant cancel (closes the payment of an unpaid order; a paid one is closed, its stock given back
 * and refunded in full under the order's one refund intent). The operation log follows the cancel.
 */
export async function cancelOrder(ctx: Ctx, id: string, reason: string, remark: string) {
  const t = tenantOf(ctx);
  const o = await orderOr404(t, id);
  const by = await staffBy(ctx);
  const text = remark ? `${reason}：${remark}` : reason;
  await merchantCancel(ctx, id, t.renterId, text, by);
  const after = await orderOr404(t, id);
  await audit(ctx, {
    module: MODULE,
    action: '取消商品订单',
    recordId: id,
    before: { status: o.status },
    after: { status: after.status, reason: text, refundedFen: after.refundedFen },
  });
}

/** Confirmreceipt: 已发货 → 已完成 by the merchant. */
export async function merchantConfirm(ctx: Ctx, id: string) {
  const t = tenantOf(ctx);
  const o = await orderOr404(t, id);
  const by = await staffBy(ctx);
  await inTx(ctx, async (tx) => {
    await confirmReceipt(tx, t.renterId, id, 'merchantConfirm', by);
    await audit(tx, { module: MODULE, action: '商品订单确认收货', recordId: id, before: { status: o.status }, after: { status: S.done } });
  });
}
