import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { fenText, fenToYuan } from '@shop/contract';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { emit, sendJob } from '@/core/jobs';
import { BizError, CODE, ensure } from '@/core/errors';
import type { Db } from '@/db/client';
import { payOrderRepo, payRefundRepo } from './payment.repository';
import { PAY_STATUS, type PayOrderRow, type PayRefundRow, type PayStatus, REFUND_STATUS } from './payment.tables';
import { type PaymentProvider, PaymentRefusedError, type ProviderRefund, type VerifiedNotify } from './provider';
import { tenantFor } from '@/core/tenant';
import { PAYMENT_REJECTED } from './payments';

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
  /** Paid, but its record did not take it (closed, or paid through another pay order): refunded by a job. */
  | { result: 'stray'; payOrder: PayOrderRow }
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

/**
 * In the caller's transaction: the business record's one open pay order, or a new one (never two: the partial unique
 * index on the record, so concurrent retries of one checkout or 再次支付 all get the same one). The provider hears of it
 * when its link is first asked for (payLinkOf). The record's own row should be locked by the caller.
 */
export async function openPayment(tx: Ctx, input: CreatePaymentInput): Promise<PayOrderRow> {
  ensure(Number.isSafeInteger(input.amountFen), '支付金额必须精确到分');
  ensure(input.amountFen > 0, '支付金额必须大于0');
  const subject = input.subject.trim().slice(0, SUBJECT_MAX);
  ensure(subject, '请填写支付说明');
  // A payment nobody would complete is a programming error, not a user's.
  if (!tx.services.payment.paidHandler(input.bizType)) throw new Error(`no onPaid handler registered for biz type ${input.bizType}`);
  const t = tenantFor(tx, input.renterId);
  const open = await payOrderRepo.openOf(t, input.bizType, input.bizId);
  if (open) return sameAmount(open, input.amountFen);
  const id = randomUUID();
  const made = await payOrderRepo.insertOpen(tx.db, {
    id,
    renterId: input.renterId,
    bizType: input.bizType,
    bizId: input.bizId,
    outTradeNo: id.replaceAll('-', ''),
    subject,
    amountFen: input.amountFen,
    provider: tx.services.payment.provider.name,
  });
  if (made) return made;
  // Opened by a concurrent call meanwhile (its insert committed first).
  const theirs = await payOrderRepo.openOf(t, input.bizType, input.bizId);
  if (!theirs) throw new Error(`open pay order of ${input.bizType} ${input.bizId} vanished`);
  return sameAmount(theirs, input.amountFen);
}

function sameAmount(o: PayOrderRow, amountFen: number): PayOrderRow {
  if (o.amountFen !== amountFen) throw new Error(`pay order ${o.id} is open for ${o.amountFen} fen, not ${amountFen}`);
  return o;
}

/**
 * What the payer scans for an open pay order: made at its provider the first time (the provider's create is idempotent
 * by out_trade_no, so two first calls at once make one order there), the stored one after. A provider that does not
 * answer leaves the pay order open: the next call tries again.
 */
export async function payLinkOf(ctx: Ctx, pay: PayOrderRow): Promise<CreatedPayment> {
  const answer = (qr: string): CreatedPayment => ({
    payOrderId: pay.id,
    outTradeNo: pay.outTradeNo,
    qr_code: qr,
    total: fenToYuan(pay.amountFen),
  });
  if (pay.qrCode) return answer(pay.qrCode);
  const provider = ctx.services.payment.providerNamed(pay.provider);
  if (!provider) throw new BizError('原支付渠道不可用，请重新下单');
  let opened: { qrCode: string; providerRef: string };
  try {
    opened = await provider.create({ outTradeNo: pay.outTradeNo, amountFen: pay.amountFen, subject: pay.subject });
  } catch (err) {
    ctx.log.error({ err, outTradeNo: pay.outTradeNo, provider: provider.name }, 'payment provider refused to create the order');
    throw new BizError('发起支付失败，请稍后再试');
  }
  await payOrderRepo.setProviderOrder(tenantFor(ctx, pay.renterId), pay.id, opened);
  return answer(opened.qrCode);
}

/** Opens a pay order in a transaction of its own and answers its link (a record that pays once, e.g. a purchase). */
export async function createPayment(ctx: Ctx, input: CreatePaymentInput): Promise<CreatedPayment> {
  const pay = await inTx(ctx, (tx) => openPayment(tx, input));
  return payLinkOf(ctx, pay);
}

/** The pay order by id within the renter while it is still open (unpaid), else undefined. */
export async function openPayOrder(db: Db, payOrderId: string, renterId: string): Promise<PayOrderRow | undefined> {
  const o = await payOrderRepo.byId(db, payOrderId, renterId);
  return o?.status === PAY_STATUS.unpaid ? o : undefined;
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
    const report = { ...notify, provider: provider.name };
    const paid = await payOrderRepo.markPaid(tx.db, report);
    if (paid) {
      const handler = payments.paidHandler(paid.bizType);
      if (!handler) throw new Error(`no onPaid handler registered for biz type ${paid.bizType}`);
      const verdict = await handler(tx, paid);
      if (verdict === PAYMENT_REJECTED) {
        // The record no longer takes this payment (closed, or paid through another pay order): it goes back.
        await refundStray(tx, paid, '订单已关闭或已支付，自动原路退款');
        return { result: 'stray', payOrder: paid };
      }
      tx.log.info({ payOrderId: paid.id, outTradeNo: paid.outTradeNo, amountFen: paid.amountFen }, 'payment completed');
      return { result: 'paid', payOrder: paid };
    }
    // Paid at the provider after we closed it here (the payer was on the page while it closed): taken, then refunded.
    const late = await payOrderRepo.markPaid(tx.db, report, PAY_STATUS.closed);
    if (late) {
      await refundStray(tx, late, '支付单已关闭，自动原路退款');
      // No handler ran (the record had let the pay order go): its owner notes the payment by this event.
      await emit(tx, 'payment.stray', late.renterId, {
        payOrderId: late.id,
        bizType: late.bizType,
        bizId: late.bizId,
        amountFen: late.amountFen,
      });
      return { result: 'stray', payOrder: late };
    }
    const order = await payOrderRepo.byOutTradeNo(tx.db, notify.outTradeNo);
    const refuse = (reason: string): NotifyOutcome => {
      tx.log.error({ notify, provider: provider.name, reason }, 'payment notify refused');
      return { result: 'refused', reason };
    };
    if (!order) return refuse('支付单不存在');
    if (order.provider !== provider.name) return refuse('支付渠道不一致');
    if (order.amountFen !== notify.amountFen) return refuse('支付金额不一致');
    return { result: 'duplicate' };
  });
}

/** The whole of a payment no record accepted goes back, by the refund job sent in this transaction. */
async function refundStray(tx: Ctx, pay: PayOrderRow, reason: string): Promise<void> {
  tx.log.warn({ payOrderId: pay.id, bizType: pay.bizType, bizId: pay.bizId }, 'payment not accepted by its record: refunding it');
  await requestRefund(tx, {
    payOrderId: pay.id,
    amountFen: pay.amountFen,
    reason,
    intentKey: `stray:${pay.id}`,
    ref: { type: STRAY_PAYMENT, id: pay.id },
  });
}

/** closePayment's refusal: the pay order was paid (here, or at the provider before its notify arrived). */
const PAID_NOT_CLOSED = '订单已支付，不能关闭';

/**
 * An order's close closes its payment first: true once closed (or closed already), false when the payer paid
 * meanwhile (the notify settles the order); any other failure is thrown as it is, so a job retries it.
 */
export async function closeUnpaidPayment(ctx: Ctx, payOrderId: string): Promise<boolean> {
  try {
    await closePayment(ctx, payOrderId);
    return true;
  } catch (e) {
    if (e instanceof BizError && e.message === PAID_NOT_CLOSED) return false;
    throw e;
  }
}

/** Closes an unpaid order at the provider and here, so it can no longer be paid; closing a closed one is a no-op. */
export async function closePayment(ctx: Ctx, payOrderId: string): Promise<PayOrderView> {
  const scope = renterScope(ctx);
  const order = await payOrderRepo.byId(ctx.db, payOrderId, scope);
  ensure(order, '支付单不存在', CODE.notFound);
  if (order.status === PAY_STATUS.closed) return view(order);
  ensure(order.status === PAY_STATUS.unpaid, PAID_NOT_CLOSED);
  try {
    await ctx.services.payment.providerNamed(order.provider)?.close(order.outTradeNo);
  } catch (err) {
    // Paid at the provider, its notify not here yet (or lost: the reconciliation job brings it).
    if (err instanceof PaymentRefusedError) throw new BizError(PAID_NOT_CLOSED);
    throw err;
  }
  const closed = await payOrderRepo.markClosed(tenantFor(ctx, order.renterId), order.id);
  if (closed) return view(closed);
  // Paid or closed by someone else in the meantime.
  const now = await payOrderRepo.byId(ctx.db, order.id, scope);
  ensure(now?.status === PAY_STATUS.closed, PAID_NOT_CLOSED);
  return view(now);
}

/** Refunds longer than this (in characters) are cut: providers take about 80. */
const REASON_MAX = 80;

/** The user's word when the provider's answer is not known yet; the reconciliation job settles it. */
export const REFUND_PENDING_MSG = '退款处理中，系统会自动向支付渠道确认结果，请稍后刷新查看';
/** The merchant's answer once a refund is decided: the money goes back by the refund job, within moments. */
export const REFUND_STARTED = '已发起退款，款项将原路退回';
export const REFUND_FAILED_MSG = '退款失败，请稍后再试';

/** The business record a refund is for: its onRefunded handler (registered under `type`) completes it. */
export interface RefundRef {
  type: string;
  id: string;
}

/** The refund type of a payment no record accepted (paid after close, or through a pay order the record left). */
export const STRAY_PAYMENT = 'stray-payment';

export interface RefundRequest {
  payOrderId: string;
  amountFen: number;
  reason: string;
  /**
   * The business intent (e.g. `form-order-cancel:<order id>`): a second request of the same intent — a retry, a double
   * click, a redelivered job — answers the refund the first one made, never a second one.
   */
  intentKey: string;
  ref: RefundRef;
}

export const PAYMENT_REFUND_JOB = 'payments.refund';
export type RefundJobData = { renterId: string; refundId: string };

/**
 * In the caller's business transaction: reserves the amount on the pay order (concurrent requests never together
 * exceed what was paid), records the refund with its number, and sends the `payments.refund` job that asks the provider.
 * So the refund exists if and only if the business change commits, and a crash after the commit cannot lose it: the
 * job runs after a restart. A live refund of the same intent is answered as it is (another amount is refused).
 */
export async function requestRefund(tx: Ctx, r: RefundRequest): Promise<PayRefundRow> {
  ensure(Number.isSafeInteger(r.amountFen), '退款金额必须精确到分');
  ensure(r.amountFen > 0, '退款金额必须大于0');
  if (!r.intentKey) throw new Error('a refund needs the intent key of the refund');
  const found = await payOrderRepo.byId(tx.db, r.payOrderId, renterScope(tx));
  ensure(found, '支付单不存在', CODE.notFound);
  const t = tenantFor(tx, found.renterId);
  // Refund requests of one pay order queue on its row: the second of one intent then sees the first's refund.
  const order = (await payOrderRepo.lock(t, found.id)) ?? found;
  ensure(tx.services.payment.providerNamed(order.provider), '原支付渠道不可用，无法退款');
  const known = await payRefundRepo.byIntent(t, order.id, r.intentKey);
  if (known) {
    ensure(known.amountFen === r.amountFen, `该退款已按 ${fenText(known.amountFen)} 元发起，金额不能更改`);
    return known;
  }
  const reserved = await payOrderRepo.reserveRefund(t, order.id, r.amountFen);
  if (!reserved) {
    ensure(order.status !== PAY_STATUS.refunded, '订单已全额退款');
    ensure(order.status === PAY_STATUS.paid, '订单未支付，不能退款');
    throw new BizError(`退款金额不能超过可退金额 ${fenText(order.amountFen - order.refundedFen)} 元`);
  }
  const id = randomUUID();
  const refund = await payRefundRepo.insert(tx.db, {
    id,
    renterId: order.renterId,
    payOrderId: order.id,
    refundNo: id.replaceAll('-', ''),
    intentKey: r.intentKey,
    bizType: r.ref.type,
    bizId: r.ref.id,
    amountFen: r.amountFen,
    reason: r.reason.trim().slice(0, REASON_MAX),
  });
  const data: RefundJobData = { renterId: order.renterId, refundId: id };
  await sendJob(tx, PAYMENT_REFUND_JOB, data, { singletonKey: refund.refundNo });
  return refund;
}

/**
 * The `payments.refund` job's work (and a retry's): asks the provider about the refund with its stored number and sends
 * it, under that number, only if the provider never received it — so even a first request still on its way, or one
 * whose process died after the provider took it, cannot become two refunds — then settles the answer. Answers when it
 * succeeded; throws REFUND_FAILED_MSG when the provider refused it (the reservation is given back) and
 * REFUND_PENDING_MSG when its answer is not known yet.
 */
export async function runRefund(ctx: Ctx, renterId: string, refundId: string): Promise<RefundResult> {
  const refund = await payRefundRepo.byId(tenantFor(ctx, renterId), refundId);
  ensure(refund, '退款单不存在', CODE.notFound);
  const order = await payOrderRepo.byId(ctx.db, refund.payOrderId, renterId);
  if (!order) throw new Error(`refund ${refund.id} without its pay order`);
  const provider = ctx.services.payment.providerNamed(order.provider);
  ensure(provider, '原支付渠道不可用，无法退款');
  const status = refund.status === REFUND_STATUS.pending ? await pushRefund(ctx, order, provider, refund) : refund.status;
  if (status === REFUND_STATUS.failed) throw new BizError(REFUND_FAILED_MSG);
  if (status === REFUND_STATUS.pending) throw new BizError(REFUND_PENDING_MSG);
  const now = (await payOrderRepo.byId(ctx.db, order.id)) ?? order;
  return {
    refundId: refund.id,
    refundNo: refund.refundNo,
    amountFen: refund.amountFen,
    payStatus: now.status as PayStatus,
    refundedFen: now.refundedFen,
  };
}

/**
 * Gets the provider's answer about a pending refund and settles it; answers the refund's status after. The refund is
 * first asked about with its stored number and sent, with that same number, only if the provider never received it:
 * refund is idempotent by number at the provider, so a request still on its way cannot make it two refunds.
 */
async function pushRefund(ctx: Ctx, order: PayOrderRow, provider: PaymentProvider, refund: PayRefundRow): Promise<number> {
  let answer: ProviderRefund;
  try {
    answer = await provider.queryRefund(refund.refundNo);
  } catch (err) {
    ctx.log.error({ err, refundNo: refund.refundNo }, 'payment provider did not answer the refund query');
    return REFUND_STATUS.pending;
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
        await payments.refundedHandler(done.bizType)?.(tx, order, done);
        tx.log.info({ refundNo: done.refundNo, amountFen: done.amountFen }, 'refund completed');
        return REFUND_STATUS.succeeded;
      }
    } else {
      const done = await payRefundRepo.finishPending(tenantFor(tx, renterId), refund.id, { status: REFUND_STATUS.failed });
      if (done) {
        await payOrderRepo.releaseRefund(tenantFor(tx, renterId), refund.payOrderId, refund.amountFen);
        await payments.refundFailedHandler(done.bizType)?.(tx, done);
        tx.log.warn({ refundNo: done.refundNo, bizType: done.bizType, bizId: done.bizId }, 'refund refused by the provider');
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
  const status = await pushRefund(ctx, order, provider, refund);
  return status === REFUND_STATUS.succeeded ? 'succeeded' : status === REFUND_STATUS.failed ? 'failed' : 'pending';
}
