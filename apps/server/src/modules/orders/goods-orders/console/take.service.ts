import { staffMayVerifyAt } from '@/modules/delivery';
import { DELIVERY_METHOD, fenToYuan, GOODS_ORDER_STATUS as S, GOODS_ORDER_STATUS_TEXT, type ListQuery } from '@shop/contract';
import { audit } from '@/core/audit';
import { type Ctx, inTx, userOf } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { pageWindow } from '@/core/paging';
import { tenantOf } from '@/core/tenant';
import { fmtTime } from '@/core/time';
import { userNames } from '@/modules/login';
import { goodsOrderTakes, type GoodsOrderRow } from '@/modules/orders/goods-orders.tables';
import { goodsOrderRepo as repo } from '@/modules/orders/goods-orders/goods-orders.repository';
import { moveGoodsOrder, refusalOf } from '@/modules/orders/goods-orders/goods-order.states';
import { consoleRepo } from './list.repository';
import { timeBound as bound } from './list.service';
import { staffBy } from './staff';
import { lineBrief } from './view';

const NO_CODE = '核销码不存在';

/** Why an order cannot be taken now ('' when it can). */
function refusalFor(o: GoodsOrderRow): string {
  if (o.deliveryMethod !== DELIVERY_METHOD.pickup) return '该订单不是自提订单';
  return o.status === S.toShip ? '' : refusalOf('take', o.status);
}

const NOT_VERIFIER = '您不是该自提点的核销员';

/**
 * Why the staff member acting cannot take the order now ('' when they can): its state, then the pick-up point's
 * verifiers (delivery README). What the preview shows; verifyPickup checks the same again in its transaction.
 */
export async function pickupRefusal(ctx: Ctx, o: GoodsOrderRow): Promise<string> {
  const why = refusalFor(o);
  if (why || !o.pickupPointId) return why;
  return (await staffMayVerifyAt(tenantOf(ctx), o.pickupPointId, userOf(ctx).userId)) ? '' : NOT_VERIFIER;
}

async function preview(ctx: Ctx, o: GoodsOrderRow) {
  const lines = await repo.lines(tenantOf(ctx), o.id);
  const refusal = await pickupRefusal(ctx, o);
  return {
    id: o.id,
    orderNo: o.orderNo,
    status: o.status,
    statusText: GOODS_ORDER_STATUS_TEXT[o.status] ?? '',
    title: o.title,
    lines: lines.map(lineBrief),
    payAmount: fenToYuan(o.payFen),
    memberPhone: o.memberPhone,
    pickupPointId: o.pickupPointId ?? '',
    buyerNote: o.buyerNote,
    takeable: !refusal,
    refusal,
    createTime: fmtTime(o.createdAt),
    payTime: fmtTime(o.paidAt),
  };
}

/** takeOrder: the order behind the code, for staff to check before 核销 (a code already used shows its order too). */
export async function takePreview(ctx: Ctx, code: string) {
  const o = await repo.byPickupCode(tenantOf(ctx), code);
  if (!o) throw new BizError(NO_CODE);
  return preview(ctx, o);
}

/**
 * verificationCode: 待发货 → 已完成 by one conditional UPDATE (the state machine's `take`), and the 核销记录 row, in one
 * transaction: of two staff typing the same code, the second reads '该订单已核销，请勿重复核销'.
 */
export async function verifyPickup(ctx: Ctx, code: string) {
  const by = await staffBy(ctx);
  const id = await inTx(ctx, async (tx) => {
    const t = tenantOf(tx);
    const o = await repo.byPickupCode(t, code);
    if (!o) throw new BizError(NO_CODE);
    const why = refusalFor(o);
    if (why) throw new BizError(why);
    // A point that names its verifiers lets only them (and the owner) verify its codes (delivery README).
    if (o.pickupPointId && !(await staffMayVerifyAt(t, o.pickupPointId, by.id))) throw new BizError(NOT_VERIFIER);
    await moveGoodsOrder(t, o.id, 'take', { by, from: [S.toShip], note: `核销码 ${code}`, patch: { completedAt: new Date() } });
    await t.db.insert(goodsOrderTakes).values({ renterId: t.renterId, orderId: o.id, code, staffUserId: by.id });
    await audit(tx, {
      module: 'orders',
      action: '商品订单自提核销',
      recordId: o.id,
      before: { status: o.status },
      after: { status: S.done, code },
    });
    return o.id;
  });
  const o = await repo.byId(tenantOf(ctx), id);
  if (!o) throw new BizError(NO_CODE, CODE.notFound);
  return preview(ctx, o);
}

/** takeList: the verifications, newest first. */
export async function listTakes(ctx: Ctx, q: ListQuery & { stime: string; endtime: string }) {
  const end = bound(q.endtime, '结束时间');
  const page = await consoleRepo.takes(tenantOf(ctx), {
    keyword: q.keyword,
    from: bound(q.stime, '开始时间'),
    before: end && new Date(end.getTime() + 1000),
    ...pageWindow(q),
  });
  const staff = await userNames(
    ctx.db,
    page.rows.map((r) => r.take.staffUserId),
  );
  return {
    rows: page.rows.map((r) => {
      const u = staff.get(r.take.staffUserId);
      return {
        id: r.take.id,
        orderNo: r.orderNo ?? '',
        title: r.title ?? '',
        code: r.take.code,
        staffName: u?.name || u?.phone || '',
        createTime: fmtTime(r.take.createdAt),
      };
    }),
    total_count: page.total,
    total_estimated: page.estimated,
  };
}
