import {
  fenText,
  fenToYuan,
  MEMBER_ORDER_EXPIRED_REASON,
  MEMBER_ORDER_KIND as K,
  MEMBER_ORDER_PAY_MINUTES,
  MEMBER_ORDER_STATUS as S,
  MEMBER_ORDER_STATUS_TEXT,
} from '@shop/contract';
import { audit } from '@/core/audit';
import { type Ctx, inTx, memberOf } from '@/core/context';
import { BizError } from '@/core/errors';
import { defineJob, sendJob } from '@/core/jobs';
import { tenantFor, tenantOf } from '@/core/tenant';
import { fmtTime } from '@/core/time';
import { closeUnpaidPayment, openPayment, type PayOrderRow, type PayRefundRow, payLinkOf, requestRefund } from '@/integrations/payment';
import {
  buyerOf,
  type GrantedPart,
  grantBoughtCard,
  grantBoughtLevel,
  paidCardOnSale,
  paidLevelOnSale,
  takeBackBoughtCard,
  takeBackBoughtLevel,
} from '@/modules/members';
import { type MoveBy, SYSTEM_BY } from '@/modules/orders/core/moves';
import { noteRejectedPayment, PAID_MEANWHILE } from '@/modules/orders/core/stray-payment';
import { staffBy } from '@/modules/orders/goods-orders/console/staff';
import { foundMemberOrder, memberOrderMissing, orderKindName, paidText } from './member-orders.service';
import {
  addMemberOrderRefund,
  addMemberOrderStep,
  insertMemberOrder,
  lockMemberOrder,
  type MemberOrderRow,
  moveMemberOrder,
  newMemberOrderNo,
  patchUnpaidMemberOrder,
} from './member-orders.workflow';

const PAYMENT_BY: MoveBy = { ...SYSTEM_BY, id: 'payment' };

/** Payment biz types (payment README): one per kind, so each kind's handler is found by the payment. */
export const LEVEL_ORDER_BIZ = 'level-order';
export const CARD_ORDER_BIZ = 'card-order';
const bizOf = (kind: number) => (kind === K.level ? LEVEL_ORDER_BIZ : CARD_ORDER_BIZ);
export const MEMBER_ORDER_EXPIRE_JOB = 'member-orders.expire';

const untilText = (end: Date | null) => (end ? `有效期至 ${fmtTime(end)}` : '永久有效');

/**
 * The member centre buys a paid level (开通 / 续费) or a paid rights card: the order (with the snapshot of what is bought)
 * its auto-cancel job and its one pay order in one transaction; then the provider's pay link, kept on the order.
 */
export async function buyMemberOrder(ctx: Ctx, kind: 1 | 2, itemId: string) {
  const { memberId } = memberOf(ctx);
  const { order, pay } = await inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    const item = kind === K.level ? await paidLevelOnSale(tenant, itemId) : await paidCardOnSale(tenant, itemId);
    const buyer = await buyerOf(tenant, memberId);
    const orderNo = await newMemberOrderNo(tenant, kind);
    const o = await insertMemberOrder(
      tenant,
      {
        kind,
        orderNo,
        memberId,
        memberPhone: buyer.phone,
        memberName: buyer.name,
        itemId: item.id,
        itemName: item.name,
        priceFen: item.priceFen,
        validDays: item.validDays,
        amountFen: item.priceFen,
      },
      `会员下单：${item.name} ¥${fenText(item.priceFen)}`,
      { kind: 'member', id: memberId, name: buyer.name || '会员' },
    );
    await sendJob(
      tx,
      MEMBER_ORDER_EXPIRE_JOB,
      { renterId: tenant.renterId, orderId: o.id },
      { startAfter: new Date(o.createdAt.getTime() + MEMBER_ORDER_PAY_MINUTES * 60_000) },
    );
    await audit(tx, {
      module: 'orders',
      action: `会员下单（${orderKindName(kind)}）`,
      recordId: o.id,
      after: { orderNo, itemId, amountFen: o.amountFen },
    });
    // The order's one pay order, opened with it.
    const pay = await openPayment(tx, {
      renterId: tenant.renterId,
      bizType: bizOf(kind),
      bizId: o.id,
      subject: `${kind === K.level ? '付费等级' : '权益卡'}：${o.itemName}`,
      amountFen: o.amountFen,
    });
    await patchUnpaidMemberOrder(tenant, o.id, { payOrderId: pay.id });
    return { order: o, pay };
  });
  const link = await payLinkOf(ctx, pay);
  await patchUnpaidMemberOrder(tenantFor(ctx, order.renterId), order.id, { payLink: link.qr_code });
  return { orderId: order.id, orderNo: order.orderNo, qr_code: link.qr_code, total: fenToYuan(order.amountFen) };
}

/**
 * The payment arrived (inside the payment's transaction, once per pay order): the order 待支付 → 已完成 and what it
 * bought granted, together. An order no longer unpaid (cancelled meanwhile) rejects it: the payment goes back by itself.
 */
export async function memberOrderPaid(tx: Ctx, pay: PayOrderRow): Promise<'rejected' | undefined> {
  const tenant = tenantFor(tx, pay.renterId);
  const o = await lockMemberOrder(tenant, pay.bizId);
  if (!o) return 'rejected';
  if (o.status !== S.unpaid) {
    await noteRejectedPayment(tenant, o.id, o.status === S.cancelled || o.status === S.refunded, pay.amountFen);
    return 'rejected';
  }
  const g =
    o.kind === K.level
      ? await grantBoughtLevel(tx, pay.renterId, {
          memberId: o.memberId,
          level: { id: o.itemId, name: o.itemName, priceFen: o.priceFen, validDays: o.validDays },
          orderId: o.id,
          orderNo: o.orderNo,
          amountFen: o.amountFen,
        })
      : await grantBoughtCard(tx, pay.renterId, { memberId: o.memberId, cardId: o.itemId, orderNo: o.orderNo, amountFen: o.amountFen });
  await moveMemberOrder(tenant, o.id, 'pay', {
    by: PAYMENT_BY,
    action: paidText(o),
    patch: {
      paidAt: new Date(),
      payOrderId: pay.id,
      grantStart: g.start,
      grantEnd: g.end,
      grantForever: g.end === null ? 1 : 0,
      prevHeld: g.prevHeld ? 1 : 0,
      prevEnd: g.prevEnd,
      prevLevelId: g.prevLevelId,
      cardNo: g.cardNo,
    },
  });
  await addMemberOrderStep(
    tenant,
    o.id,
    `${g.prevHeld ? '已续费' : '已开通'}「${o.itemName}」，${untilText(g.end)}${g.cardNo ? `，卡号 ${g.cardNo}` : ''}`,
    PAYMENT_BY,
  );
}

const grantedPart = (o: MemberOrderRow): GrantedPart => ({
  memberId: o.memberId,
  itemId: o.itemId,
  orderNo: o.orderNo,
  grantEnd: o.grantForever === 1 ? null : o.grantEnd,
  prevHeld: o.prevHeld === 1,
  prevEnd: o.prevEnd,
  prevLevelId: o.prevLevelId,
});

/**
 * A refund of the order went through (inside the refund's settle transaction, once per refund): refunded raised; the
 * one that reaches the amount makes it 已退款 and, for a level order, takes its level back (a card order's cancel took
 * the card back already).
 */
export async function memberOrderRefunded(tx: Ctx, pay: PayOrderRow, refund: PayRefundRow): Promise<void> {
  const tenant = tenantFor(tx, pay.renterId);
  const o = await lockMemberOrder(tenant, refund.bizId);
  if (!o) return;
  const after = await addMemberOrderRefund(tenant, o.id, refund.amountFen, `退款成功 ¥${fenText(refund.amountFen)}`, PAYMENT_BY);
  if (!after || after.status !== S.refunded || o.kind !== K.level || !o.paidAt) return;
  const back = await takeBackBoughtLevel(tx, pay.renterId, grantedPart(o));
  await addMemberOrderStep(
    tenant,
    o.id,
    back ? `全额退款，收回付费等级「${o.itemName}」` : '全额退款；会员的付费等级已由其他订单或商家变更，未收回',
    PAYMENT_BY,
  );
}

/** An unpaid order's payment closed, then the order 待支付 → 已取消; false when it was paid meanwhile. */
async function closeUnpaid(ctx: Ctx, o: MemberOrderRow, reason: string, by: MoveBy): Promise<boolean> {
  if (o.payOrderId && !(await closeUnpaidPayment(ctx, o.payOrderId))) return false;
  const moved = await inTx(ctx, (tx) =>
    moveMemberOrder(tenantFor(tx, o.renterId), o.id, 'cancel', {
      by,
      action: `取消订单：${reason}`,
      patch: { cancelReason: reason, cancelledAt: new Date() },
    }),
  );
  return !!moved;
}

const refused = (o: MemberOrderRow) => new BizError(`订单${MEMBER_ORDER_STATUS_TEXT[o.status]}`);

/** 等级订单 cancel: only an unpaid one (its payment closed); a paid one is refunded with ReLvAmount. */
export async function cancelLvOrder(ctx: Ctx, id: string, reason: string): Promise<void> {
  const o = await foundMemberOrder(tenantOf(ctx), K.level, id);
  if (o.status === S.done) throw new BizError('订单已支付，请使用退款');
  if (o.status !== S.unpaid) throw refused(o);
  if (!(await closeUnpaid(ctx, o, reason, await staffBy(ctx)))) throw new BizError(PAID_MEANWHILE);
  await inTx(ctx, (tx) =>
    audit(tx, {
      module: 'orders',
      action: '取消等级订单',
      recordId: id,
      before: { status: o.status },
      after: { status: S.cancelled, reason },
    }),
  );
}

/**
 * ReLvAmount: a partial or full refund of a paid level order, through the payment with one intent per "next refund of
 * this order" (`lv-order-refund:<id>:<refunded so far>`): a retry or a double click of the same refund goes on with its
 * number, and the payment's reservation keeps the total within what was paid, also under concurrency.
 */
export async function refundLvOrder(ctx: Ctx, id: string, amountFen: number, reason: string): Promise<void> {
  await inTx(ctx, async (tx) => {
    const o = await lockMemberOrder(tenantOf(tx), id);
    if (!o || o.kind !== K.level) throw memberOrderMissing();
    if (o.status === S.unpaid) throw new BizError('订单未支付，不能退款');
    if (o.status !== S.done || !o.payOrderId) throw refused(o);
    const left = o.amountFen - o.refundedFen;
    if (amountFen > left) throw new BizError(`退款金额不能超过可退金额 ${fenText(left)} 元`);
    await requestRefund(tx, {
      payOrderId: o.payOrderId,
      amountFen,
      reason: `等级订单退款：${reason}`,
      intentKey: `lv-order-refund:${id}:${o.refundedFen}`,
      ref: { type: LEVEL_ORDER_BIZ, id },
    });
    await addMemberOrderStep(tenantOf(tx), id, `商家发起退款 ¥${fenText(amountFen)}：${reason}`, await staffBy(tx));
    await audit(tx, {
      module: 'orders',
      action: '等级订单退款',
      recordId: id,
      before: { refundedFen: o.refundedFen },
      after: { amountFen, reason },
    });
  });
}

/**
 * 权益卡订单 cancel. Unpaid: its payment closed. Paid: 已取消 and the card taken back at once (one transaction), then
 * what is left of the payment refunded (intent `vip-order-cancel:<id>`); its onRefunded makes it 已退款. Cancelling it
 * again while the refund has not gone through retries that same refund.
 */
export async function cancelVipOrder(ctx: Ctx, id: string, reason: string): Promise<void> {
  const seen = await foundMemberOrder(tenantOf(ctx), K.card, id);
  if (seen.status === S.unpaid) {
    if (!(await closeUnpaid(ctx, seen, reason, await staffBy(ctx)))) throw new BizError(PAID_MEANWHILE);
    await inTx(ctx, (tx) =>
      audit(tx, {
        module: 'orders',
        action: '取消权益卡订单',
        recordId: id,
        before: { status: seen.status },
        after: { status: S.cancelled, reason },
      }),
    );
    return;
  }
  await inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    const o = await lockMemberOrder(tenant, id);
    if (!o) throw memberOrderMissing();
    if (o.status === S.cancelled && o.paidAt && o.payOrderId && o.refundedFen < o.amountFen) {
      // Its refund was refused by the provider: the same intent asks again (one under way or done is answered as it is).
      await refundCancelledCard(tx, o, o.cancelReason);
      return;
    }
    if (o.status !== S.done || !o.payOrderId) throw refused(o);
    const by = await staffBy(tx);
    await moveMemberOrder(tenant, id, 'cancelPaid', {
      by,
      action: `取消订单：${reason}`,
      patch: { cancelReason: reason, cancelledAt: new Date() },
    });
    const back = await takeBackBoughtCard(tx, tenant.renterId, grantedPart(o));
    await addMemberOrderStep(tenant, id, back ? `收回权益卡「${o.itemName}」` : '会员的权益卡已由其他订单或商家变更，未收回', by);
    await audit(tx, {
      module: 'orders',
      action: '取消权益卡订单',
      recordId: id,
      before: { status: o.status },
      after: { status: S.cancelled, reason, cardBack: back },
    });
    await refundCancelledCard(tx, o, reason);
  });
}

/** What is left of a cancelled card order's payment goes back (one intent per order). */
async function refundCancelledCard(tx: Ctx, o: MemberOrderRow, reason: string) {
  if (!o.payOrderId) return;
  await requestRefund(tx, {
    payOrderId: o.payOrderId,
    amountFen: o.amountFen - o.refundedFen,
    reason: `取消订单：${reason}`,
    intentKey: `vip-order-cancel:${o.id}`,
    ref: { type: CARD_ORDER_BIZ, id: o.id },
  });
}

/** An order still unpaid 30 minutes after it was placed cancels itself (its payment closed first; paid meanwhile: kept). */
export const memberOrderExpireJob = defineJob<{ renterId: string; orderId: string }>({
  name: MEMBER_ORDER_EXPIRE_JOB,
  retryLimit: 5,
  async handler(ctx, data) {
    const o = await inTx(ctx, (tx) => lockMemberOrder(tenantFor(tx, data.renterId), data.orderId));
    if (!o || o.status !== S.unpaid) return;
    if (await closeUnpaid(ctx, o, MEMBER_ORDER_EXPIRED_REASON, SYSTEM_BY))
      await inTx(ctx, (tx) =>
        audit(tx, { module: 'orders', action: '自动取消超时订单', recordId: o.id, after: { orderNo: o.orderNo } }, data.renterId),
      );
  },
});
