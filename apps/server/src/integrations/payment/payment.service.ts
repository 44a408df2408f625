import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { fenToYuan } from '@shop/contract';
import { type Ctx, inTx, renterOf } from '../../core/context';
import { BizError, CODE, ensure } from '../../core/errors';
import type { Db } from '../../db/client';
import { payOrderRepo, payRefundRepo } from './payment.repository';
import { PAY_STATUS, type PayOrderRow, type PayStatus, REFUND_STATUS } from './payment.tables';

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
  };
}

const yuanText = (fen: number) => fenToYuan(fen).toFixed(2);

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
    await payOrderRepo.markClosed(ctx.db, id);
    throw new BizError('发起支付失败，请稍后再试');
  }
  await payOrderRepo.setProviderOrder(ctx.db, id, opened);
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
  const payments = ctx.services.payment;
  const provider = payments.providerNamed(providerName);
  const notify = provider ? await provider.verifyNotify(headers, rawBody) : null;
  if (!provider || !notify) {
    ctx.log.warn({ provider: providerName }, 'payment notify refused: not from the provider');
    return { result: 'forged' };
  }
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
  await ctx.services.payment.providerNamed(order.provider)?.close(order.outTradeNo);
  const closed = await payOrderRepo.markClosed(ctx.db, order.id, scope);
  if (closed) return view(closed);
  // Paid or closed by someone else in the meantime.
  const now = await payOrderRepo.byId(ctx.db, order.id, scope);
  ensure(now?.status === PAY_STATUS.closed, '订单已支付，不能关闭');
  return view(now);
}

/**
 * Refunds part or all of a paid order through its provider. The amount is reserved first with one conditional UPDATE,
 * so concurrent refunds never together exceed what was paid; a refund the provider refuses gives its reservation back.
 */
export async function refundPayment(ctx: Ctx, payOrderId: string, amountFen: number, reason: string): Promise<RefundResult> {
  ensure(Number.isSafeInteger(amountFen), '退款金额必须精确到分');
  ensure(amountFen > 0, '退款金额必须大于0');
  const scope = renterScope(ctx);
  const order = await payOrderRepo.byId(ctx.db, payOrderId, scope);
  ensure(order, '支付单不存在', CODE.notFound);
  const payments = ctx.services.payment;
  const provider = payments.providerNamed(order.provider);
  ensure(provider, '原支付渠道不可用，无法退款');

  // 1. Reserve the amount and record the refund as pending, before any money moves.
  const { reserved, refund } = await inTx(ctx, async (tx) => {
    const reserved = await payOrderRepo.reserveRefund(tx.db, order.id, amountFen, scope);
    if (!reserved) {
      const now = (await payOrderRepo.byId(tx.db, order.id, scope)) ?? order;
      ensure(now.status !== PAY_STATUS.refunded, '订单已全额退款');
      ensure(now.status === PAY_STATUS.paid, '订单未支付，不能退款');
      throw new BizError(`退款金额不能超过可退金额 ${yuanText(now.amountFen - now.refundedFen)} 元`);
    }
    const id = randomUUID();
    const refund = await payRefundRepo.insert(tx.db, {
      id,
      renterId: order.renterId,
      payOrderId: order.id,
      refundNo: id.replaceAll('-', ''),
      amountFen,
      reason: reason.trim().slice(0, 80),
    });
    return { reserved, refund };
  });

  // 2. Ask the provider, outside any transaction of ours.
  let providerRef: string;
  try {
    ({ providerRef } = await provider.refund({
      outTradeNo: order.outTradeNo,
      refundNo: refund.refundNo,
      amountFen,
      reason: refund.reason,
    }));
  } catch (err) {
    ctx.log.error({ err, refundNo: refund.refundNo }, 'payment provider refused the refund');
    await inTx(ctx, async (tx) => {
      await payOrderRepo.releaseRefund(tx.db, order.id, amountFen);
      await payRefundRepo.finish(tx.db, refund.id, { status: REFUND_STATUS.failed });
    });
    throw new BizError('退款失败，请稍后再试');
  }

  // 3. Record it as done and let the business module follow, together.
  await inTx(ctx, async (tx) => {
    const done = await payRefundRepo.finish(tx.db, refund.id, { status: REFUND_STATUS.succeeded, providerRef });
    await payments.refundedHandler(order.bizType)?.(tx, reserved, done);
  });
  return {
    refundId: refund.id,
    refundNo: refund.refundNo,
    amountFen,
    payStatus: reserved.status as PayStatus,
    refundedFen: reserved.refundedFen,
  };
}
