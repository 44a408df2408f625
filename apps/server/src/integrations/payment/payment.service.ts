import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { fenText, fenToYuan } from '@shop/contract';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE, ensure } from '@/core/errors';
import type { Db } from '@/db/client';
import { payOrderRepo, payRefundRepo } from './payment.repository';
import { PAY_STATUS, type PayOrderRow, type PayRefundRow, type PayStatus, REFUND_STATUS } from './payment.tables';
import { type PaymentProvider, PaymentRefusedError, type ProviderRefund, type VerifiedNotify } from './provider';
import { tenantFor } from '@/core/tenant';

export interface CreatePaymentInput {
  renterId: string;
  /** The module whose record is paid for; it must have registered onPaid. */
  bizType: string;
  bizId: string;
  /** What the payer sees, e.g. '购买 营销版 1年'. */
  subject: string;
  amountFen: number;
}

/** What the payer needs: the QR code and the total in yuan (spec 000 §3 pay data). */
export interface CreatedPayment {
  payOrderId: string;
  outTradeNo: string;
  qr_code: string;
  total: number;
}

export interface PayOrderView {
  payOrderId: string;
  outTradeNo: string;
  bizType: string;
  bizId: string;
  /** 1 待支付, 2 已支付, 3 已关闭, 4 已退款 */
  status: PayStatus;
  amountFen: number;
  refundedFen: number;
  /** Yuan. */
  total: number;
  paidAt: Date | null;
  /** What the payer scans (kept for 再次支付 of the same order). */
  qrCode: string;
}

export interface RefundResult {
  refundId: string;
  refundNo: string;
  amountFen: number;
  /** The order after the refund: 2 while part of it is still paid, 4 once all is refunded. */
  payStatus: PayStatus;
  refundedFen: number;
}

/** How a notify ended; the route turns it into the provider's answer. */
export type NotifyOutcome =
  /** Just marked paid, and the business handler ran. */
  | { result: 'paid'; payOrder: PayOrderRow }
  /** Already paid or refunded: a repeated notify, nothing changed. */
  | { result: 'duplicate' }
  /** Paid after we closed it: acknowledged, nothing changed, logged for a refund by hand. */
  | { result: 'closed' }
  /** Unknown provider, bad signature, stale or malformed: not from the provider. */
  | { result: 'forged' }
  /** Genuine but not applicable: no such order, another provider's order, or another amount. Nothing changed. */
  | { result: 'refused'; reason: string };

const SUBJECT_MAX = 127;

/** The renter a call may touch: the session's; any for system work (notifies, jobs) that has no session. */
function renterScope(ctx: Ctx): string | undefined {
  return ctx.session ? renterOf(ctx).renterId : undefined;
}

function view(o: PayOrderRow): PayOrderView {
  return {
    payOrderId: o.id,
    outTradeNo: o.outTradeNo,
    bizType: o.bizType,
    bizId: o.bizId,
    status: o.status as PayStatus,
    amountFen: o.amountFen,
    refundedFen: o.refundedFen,
    total: fenToYuan(o.amountFen),
    paidAt: o.paidAt,
    qrCode: o.qrCode,
  };
}

/** Opens a pay order at the configured provider; answers what the payer scans and the total in yuan. */
export async function createPayment(ctx: Ctx, input: CreatePaymentInput): Promise<CreatedPayment> {
  ensure(Number.isSafeInteger(input.amountFen), '支付金额必须精确到分');
  ensure(input.amountFen > 0, '支付金额必须大于0');
  const subject = input.subject.trim().slice(0, SUBJECT_MAX);
  ensure(subject, '请填写支付说明');
  const payments = ctx.services.payment;
  // A payment nobody would complete is a programming error, not a user's.
  if (!payments.paidHandler(input.bizType)) throw new Error(`no onPaid handler registered for biz type ${input.bizType}`);

  const provider = payments.provider;
  const id = randomUUID();
  const outTradeNo = id.replaceAll('-', '');
  await payOrderRepo.insert(ctx.db, {
    id,
    renterId: input.renterId,
    bizType: input.bizType,
    bizId: input.bizId,
    outTradeNo,
    subject,
    amountFen: input.amountFen,
    provider: provider.name,
  });
  let opened: { qrCode: string; providerRef: string };
  try {
    opened = await provider.create({ outTradeNo, amountFen: input.amountFen, subject });
  } catch (err) {
    ctx.log.error({ err, outTradeNo, provider: provider.name }, 'payment provider refused to create the order');
    await payOrderRepo.markClosed(tenantFor(ctx, input.renterId), id);
    throw new BizError('发起支付失败，请稍后再试');
  }
  await payOrderRepo.setProviderOrder(tenantFor(ctx, input.renterId), id, opened);
  return { payOrderId: id, outTradeNo, qr_code: opened.qrCode, total: fenToYuan(input.amountFen) };
}

/** The order's state for polling (PayStatus 2 means paid); null when missing or, given a renter, another renter's. */
export async function getPayStatus(db: Db, payOrderId: string, renterId?: string): Promise<PayOrderView | null> {
  const o = await payOrderRepo.byId(db, payOrderId, renterId);
  return o ? view(o) : null;
}

/** The order a provider's page shows, by our number at the provider. */
export async function findByOutTradeNo(db: Db, outTradeNo: string): Promise<PayOrderRow | undefined> {
  return payOrderRepo.byOutTradeNo(db, outTradeNo);
}

/**
 * Verifies a provider's notify, then in one transaction marks the order paid (only from unpaid, so repeated and
 * concurrent notifies change nothing) and runs the business handler of its biz_type.
 */
export async function handleNotify(ctx: Ctx, providerName: string, headers: IncomingHttpHeaders, rawBody: Buffer): Promise<NotifyOutcome> {
  const provider = ctx.services.payment.providerNamed(providerName);
  const notify = provider ? await provider.verifyNotify(headers, rawBody) : null;
  if (!provider || !notify) {
    ctx.log.warn({ provider: providerName }, 'payment notify refused: not from the provider');
    return { result: 'forged' };
  }
  return settlePaid(ctx, provider, notify);
}

/**
 * Records a payment the provider vouches for — by its notify, or by its answer to the reconciliation job's query — and
 * runs the module's onPaid handler in the same transaction. The conditional UPDATE lets exactly one of any number of
 * concurrent or repeated reports move the order, so the handler runs once.
 */
export async function settlePaid(ctx: Ctx, provider: PaymentProvider, notify: VerifiedNotify): Promise<NotifyOutcome> {
  const payments = ctx.services.payment;
  return inTx(ctx, async (tx): Promise<NotifyOutcome> => {
    const paid = await payOrderRepo.markPaid(tx.db, { ...notify, provider: provider.name });
    if (paid) {
      const handler = payments.paidHandler(paid.bizType);
      if (!handler) throw new Error(`no onPaid handler registered for biz type ${paid.bizType}`);
      await handler(tx, paid);
      tx.log.info({ payOrderId: paid.id, outTradeNo: paid.outTradeNo, amountFen: paid.amountFen }, 'payment completed');
      return { result: 'paid', payOrder: paid };
    }
    const order = await payOrderRepo.byOutTradeNo(tx.db, notify.outTradeNo);
    const refuse = (reason: string): NotifyOutcome => {
      tx.log.error({ notify, provider: provider.name, reason }, 'payment notify refused');
      return { result: 'refused', reason };
    };
    if (!order) return refuse('支付单不存在');
    if (order.provider !== provider.name) return refuse('支付渠道不一致');
    if (order.amountFen !== notify.amountFen) return refuse('支付金额不一致');
    if (order.status === PAY_STATUS.closed) {
      tx.log.error({ notify, payOrderId: order.id }, 'payment arrived for a closed order: refund it by hand');
      return { result: 'closed' };
    }
    return { result: 'duplicate' };
  });
}

/** Closes an unpaid order at the provider and here, so it can no longer be paid; closing a closed one is a no-op. */
export async function closePayment(ctx: Ctx, payOrderId: string): Promise<PayOrderView> {
  const scope = renterScope(ctx);
  const order = await payOrderRepo.byId(ctx.db, payOrderId, scope);
  ensure(order, '支付单不存在', CODE.notFound);
  if (order.status === PAY_STATUS.closed) return view(order);
  ensure(order.status === PAY_STATUS.unpaid, '订单已支付，不能关闭');
  try {
    await ctx.services.payment.providerNamed(order.provider)?.close(order.outTradeNo);
  } catch (err) {
    // Paid at the provider, its notify not here yet (or lost: the reconciliation job brings it).
    if (err instanceof PaymentRefusedError) throw new BizError('订单已支付，不能关闭');
    throw err;
  }
  const closed = await payOrderRepo.markClosed(tenantFor(ctx, order.renterId), order.id);
  if (closed) return view(closed);
  // Paid or closed by someone else in the meantime.
  const now = await payOrderRepo.byId(ctx.db, order.id, scope);
  ensure(now?.status === PAY_STATUS.closed, '订单已支付，不能关闭');
  return view(now);
}

/** Refunds longer than this (in characters) are cut: providers take about 80. */
const REASON_MAX = 80;

/** The user's word when the provider's answer is not known yet; the reconciliation job settles it. */
export const REFUND_PENDING_MSG = '退款处理中，系统会自动向支付渠道确认结果，请稍后刷新查看';
export const REFUND_FAILED_MSG = '退款失败，请稍后再试';

/**
 * Refunds part or all of a paid order through its provider, once per business intent.
 *
 * `intentKey` names what the caller is doing (e.g. `form-order-cancel:<order id>`; see README): the first call
 * reserves the amount and creates the refund row with its number, in one transaction, before the provider is asked;
 * every later call with the same intent — a retry after an error or a crash, or a concurrent double click — finds that
 * row and goes on with the same number (asking the provider about it first), or answers the refund already done. A
 * refund the provider refused for good frees the intent for a new attempt with a new number.
 *
 * Answers when the refund succeeded; throws REFUND_FAILED_MSG when the provider refused it (the reservation is given
 * back) and REFUND_PENDING_MSG when its answer is unknown (the refund stays pending, settled later with its number).
 */
export async function refundPayment(
  ctx: Ctx,
  payOrderId: string,
  amountFen: number,
  reason: string,
  intentKey: string,
): Promise<RefundResult> {
  ensure(Number.isSafeInteger(amountFen), '退款金额必须精确到分');
  ensure(amountFen > 0, '退款金额必须大于0');
  if (!intentKey) throw new Error('refundPayment needs the intent key of the refund');
  const scope = renterScope(ctx);
  const order = await payOrderRepo.byId(ctx.db, payOrderId, scope);
  ensure(order, '支付单不存在', CODE.notFound);
  const provider = ctx.services.payment.providerNamed(order.provider);
  ensure(provider, '原支付渠道不可用，无法退款');

  // 1. This intent's refund: the one already made, or a new one, reserved and recorded before any money moves.
  const { refund, fresh } = await refundOfIntent(ctx, order, amountFen, reason, intentKey);
  ensure(refund.amountFen === amountFen, `该退款已按 ${fenText(refund.amountFen)} 元发起，金额不能更改`);

  // 2. Ask the provider (a new refund, or the answer to the pending one's number) and settle what it says.
  const status = refund.status === REFUND_STATUS.pending ? await pushRefund(ctx, order, provider, refund, fresh) : refund.status;
  if (status === REFUND_STATUS.failed) throw new BizError(REFUND_FAILED_MSG);
  if (status === REFUND_STATUS.pending) throw new BizError(REFUND_PENDING_MSG);
  const now = (await payOrderRepo.byId(ctx.db, order.id)) ?? order;
  return {
    refundId: refund.id,
    refundNo: refund.refundNo,
    amountFen,
    payStatus: now.status as PayStatus,
    refundedFen: now.refundedFen,
  };
}

/**
 * The live refund of the intent, or a new one: the amount reserved with one conditional UPDATE (concurrent refunds
 * never together exceed the payment) and the pending row inserted, in one transaction. Two first calls of one intent
 * at once: the unique index (renter, order, intent) makes the second wait and fail, its reservation rolls back with it,
 * and it takes the first one's row.
 */
async function refundOfIntent(
  ctx: Ctx,
  order: PayOrderRow,
  amountFen: number,
  reason: string,
  intentKey: string,
): Promise<{ refund: PayRefundRow; fresh: boolean }> {
  const known = await payRefundRepo.byIntent(tenantFor(ctx, order.renterId), order.id, intentKey);
  if (known) return { refund: known, fresh: false };
  try {
    return await inTx(ctx, async (tx) => {
      const reserved = await payOrderRepo.reserveRefund(tenantFor(tx, order.renterId), order.id, amountFen);
      if (!reserved) {
        // Refused, or taken by a concurrent call of this same intent (this UPDATE waited for its commit).
        const same = await payRefundRepo.byIntent(tenantFor(tx, order.renterId), order.id, intentKey);
        if (same) return { refund: same, fresh: false };
        const now = (await payOrderRepo.byId(tx.db, order.id)) ?? order;
        ensure(now.status !== PAY_STATUS.refunded, '订单已全额退款');
        ensure(now.status === PAY_STATUS.paid, '订单未支付，不能退款');
        throw new BizError(`退款金额不能超过可退金额 ${fenText(now.amountFen - now.refundedFen)} 元`);
      }
      const id = randomUUID();
      const refund = await payRefundRepo.insert(tx.db, {
        id,
        renterId: order.renterId,
        payOrderId: order.id,
        refundNo: id.replaceAll('-', ''),
        intentKey,
        amountFen,
        reason: reason.trim().slice(0, REASON_MAX),
      });
      return { refund, fresh: true };
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const same = await payRefundRepo.byIntent(tenantFor(ctx, order.renterId), order.id, intentKey);
    if (!same) throw err;
    return { refund: same, fresh: false };
  }
}

/**
 * Gets the provider's answer about a pending refund and settles it; answers the refund's status after. A fresh refund
 * is sent at once; one made before (a retry, the reconciliation job) is first asked about with its stored number, and
 * sent again with that same number only if the provider never received it — refund is idempotent by number, so even
 * a first request still on its way cannot make it two refunds.
 */
async function pushRefund(ctx: Ctx, order: PayOrderRow, provider: PaymentProvider, refund: PayRefundRow, fresh: boolean): Promise<number> {
  let answer: ProviderRefund = { state: 'notFound' };
  if (!fresh) {
    try {
      answer = await provider.queryRefund(refund.refundNo);
    } catch (err) {
      ctx.log.error({ err, refundNo: refund.refundNo }, 'payment provider did not answer the refund query');
      return REFUND_STATUS.pending;
    }
  }
  if (answer.state === 'notFound') {
    try {
      const { providerRef } = await provider.refund({
        outTradeNo: order.outTradeNo,
        refundNo: refund.refundNo,
        amountFen: refund.amountFen,
        reason: refund.reason,
      });
      ctx.services.payment.faults.afterProviderRefund?.(refund.refundNo);
      answer = { state: 'succeeded', providerRef, amountFen: refund.amountFen };
    } catch (err) {
      if (err instanceof PaymentRefusedError) {
        ctx.log.error({ err, refundNo: refund.refundNo }, 'payment provider refused the refund');
        answer = { state: 'failed', reason: err.message };
      } else {
        // A timeout or a lost answer: the provider may have refunded. Stays pending; asked again with this number.
        ctx.log.error({ err, refundNo: refund.refundNo }, 'payment provider refund outcome unknown');
        answer = { state: 'processing' };
      }
    }
  }
  return settleRefund(ctx, refund, answer);
}

/**
 * Records the provider's answer about a pending refund, the same way whoever learnt it (the first attempt, a retry,
 * the reconciliation job): success marks it 成功 and runs the module's onRefunded handler in the same transaction;
 * a refusal marks it 失败 and gives the reservation back. The conditional UPDATE lets exactly one of them do it.
 */
async function settleRefund(ctx: Ctx, refund: PayRefundRow, answer: ProviderRefund): Promise<number> {
  if (answer.state === 'notFound' || answer.state === 'processing') return REFUND_STATUS.pending;
  const payments = ctx.services.payment;
  return inTx(ctx, async (tx) => {
    const { renterId } = refund;
    if (answer.state === 'succeeded') {
      const done = await payRefundRepo.finishPending(tenantFor(tx, renterId), refund.id, {
        status: REFUND_STATUS.succeeded,
        providerRef: answer.providerRef,
      });
      if (done) {
        const order = await payOrderRepo.byId(tx.db, refund.payOrderId, renterId);
        if (!order) throw new Error(`refund ${refund.id} without its pay order`);
        await payments.refundedHandler(order.bizType)?.(tx, order, done);
        tx.log.info({ refundNo: done.refundNo, amountFen: done.amountFen }, 'refund completed');
        return REFUND_STATUS.succeeded;
      }
    } else {
      const done = await payRefundRepo.finishPending(tenantFor(tx, renterId), refund.id, { status: REFUND_STATUS.failed });
      if (done) {
        await payOrderRepo.releaseRefund(tenantFor(tx, renterId), refund.payOrderId, refund.amountFen);
        return REFUND_STATUS.failed;
      }
    }
    // Settled by someone else meanwhile: theirs stands.
    return (await payRefundRepo.byId(tenantFor(tx, renterId), refund.id))?.status ?? REFUND_STATUS.pending;
  });
}

/**
 * The reconciliation job's work on one pay order still unpaid here: asks the provider with the stored out_trade_no and,
 * if it says paid, settles it through the notify's own path (settlePaid). Answers what happened, for the log.
 */
export async function reconcilePayOrder(ctx: Ctx, renterId: string, payOrderId: string): Promise<string> {
  const order = await payOrderRepo.byId(ctx.db, payOrderId, renterId);
  if (!order || order.status !== PAY_STATUS.unpaid) return 'settled';
  const provider = ctx.services.payment.providerNamed(order.provider);
  if (!provider) return 'no-provider';
  const answer = await provider.queryPayment(order.outTradeNo);
  if (answer.state !== 'paid') return answer.state;
  const out = await settlePaid(ctx, provider, {
    outTradeNo: order.outTradeNo,
    providerRef: answer.providerRef,
    amountFen: answer.amountFen,
    paidAt: answer.paidAt,
  });
  return out.result;
}

/** The reconciliation job's work on one pending refund: the retry's own path, with the stored number. */
export async function reconcileRefund(ctx: Ctx, renterId: string, refundId: string): Promise<string> {
  const refund = await payRefundRepo.byId(tenantFor(ctx, renterId), refundId);
  if (!refund || refund.status !== REFUND_STATUS.pending) return 'settled';
  const order = await payOrderRepo.byId(ctx.db, refund.payOrderId, renterId);
  const provider = order && ctx.services.payment.providerNamed(order.provider);
  if (!order || !provider) return 'no-provider';
  const status = await pushRefund(ctx, order, provider, refund, false);
  return status === REFUND_STATUS.succeeded ? 'succeeded' : status === REFUND_STATUS.failed ? 'failed' : 'pending';
}

/** A unique index refused the write (PostgreSQL 23505), whichever driver wrapped it. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
