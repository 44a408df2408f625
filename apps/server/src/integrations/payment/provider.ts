import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import { signExpiring, verifyExpiring } from '@/core/signed';
import type { Db } from '@/db/client';
import { SANDBOX_TRADE_STATE, sandboxProviderPayments, sandboxProviderRefunds } from './sandbox.tables';

export interface CreateInput {
  /** Our number for the order at the provider. */
  outTradeNo: string;
  amountFen: number;
  /** What the payer sees as the goods description. */
  subject: string;
}

export interface RefundInput {
  outTradeNo: string;
  /** Our number for the refund; the provider refunds a number at most once. */
  refundNo: string;
  amountFen: number;
  reason: string;
}

/** A payment notify whose origin was proven. */
export interface VerifiedNotify {
  outTradeNo: string;
  /** The provider's transaction id. */
  providerRef: string;
  amountFen: number;
  paidAt: Date;
}

/** What the provider's books say about an order (a query by our out_trade_no). */
export type ProviderPayment =
  | { state: 'notFound' }
  | { state: 'unpaid' }
  | { state: 'closed' }
  | { state: 'paid'; providerRef: string; amountFen: number; paidAt: Date };

/** What the provider's books say about a refund (a query by our refund number). */
export type ProviderRefund =
  /** The provider never received this number: sending it again is safe (refund is idempotent by number). */
  | { state: 'notFound' }
  /** Received, not finished yet (real providers): ask again later. */
  | { state: 'processing' }
  | { state: 'succeeded'; providerRef: string; amountFen: number }
  /** Received and refused for good. */
  | { state: 'failed'; reason: string };

/**
 * The provider said no to a refund for good (a business answer such as "amount exceeds the payment"): no money moved
 * and none will for that number. Any other error of `refund` (a timeout, a lost connection) leaves the outcome
 * unknown: the refund stays pending and is asked about again with the same number.
 */
export class PaymentRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentRefusedError';
  }
}

/** A payment provider: the sandbox here, WeChat Pay or Alipay in production (DESIGN §5). */
export interface PaymentProvider {
  readonly name: string;
  /** Whether this is the development sandbox: no money moves. */
  readonly isDev: boolean;
  /** Opens the order at the provider; answers what the payer scans. */
  create(input: CreateInput): Promise<{ qrCode: string; providerRef: string }>;
  /**
   * Refunds, idempotent by refundNo like WeChat Pay's out_refund_no: the same number again answers the same refund and
   * moves no more money. Throws PaymentRefusedError for a refusal; any other throw means the outcome is unknown.
   */
  refund(input: RefundInput): Promise<{ providerRef: string }>;
  /** The provider's state of an order, asked with our stored out_trade_no (the reconciliation job). */
  queryPayment(outTradeNo: string): Promise<ProviderPayment>;
  /** The provider's state of a refund, asked with our stored refund number (a retry, the reconciliation job). */
  queryRefund(refundNo: string): Promise<ProviderRefund>;
  /** Stops the order at the provider so that it can no longer be paid; PaymentRefusedError when it was paid. */
  close(outTradeNo: string): Promise<void>;
  /** Checks that a notify comes from the provider; null for a forged, stale or malformed one. */
  verifyNotify(headers: IncomingHttpHeaders, rawBody: Buffer): Promise<VerifiedNotify | null>;
}

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';
/** A notify older than this is refused even with a good signature. */
export const SANDBOX_NOTIFY_MAX_AGE_S = 10 * 60;

/**
 * How long a sandbox pay link (the QR code) can be used: longer than any order waits for its payment (通用设置's
 * unpaid wait goes up to 1440 minutes; 再次支付 answers the link made at checkout).
 */
export const SANDBOX_LINK_TTL_S = 25 * 60 * 60;
/** The query parameter of the pay link's signed token. */
export const SANDBOX_TOKEN_PARAM = 't';

/** The JSON body of a sandbox notify. */
export interface SandboxNotifyBody {
  event: 'TRANSACTION.SUCCESS';
  out_trade_no: string;
  transaction_id: string;
  amount_fen: number;
  /** ISO 8601 */
  paid_at: string;
}

export interface SignedNotify {
  headers: Record<string, string>;
  body: string;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * Development provider: a local simulation of a QR-code provider. The QR opens the sandbox page of this server, whose
 * 确认支付 button makes the sandbox send a signed notify through the same HTTP path a real provider uses.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly isDev = true;

  constructor(
    private readonly opts: {
      /** Base URL payers reach this server at. */
      publicUrl: string;
      /** Signs and verifies notifies. */
      secret: string;
      /** Seconds since the epoch; tests move it. */
      now?: () => number;
      /**
       * Where the sandbox keeps its books (sandbox_provider_* tables): outside the server's memory, as a real
       * provider's are. Only signing (signNotify, payToken) works without it.
       */
      db?: Db;
    },
  ) {
    if (!opts.secret) throw new Error('沙箱支付需要签名密钥');
  }

  private now(): number {
    return this.opts.now ? this.opts.now() : Math.floor(Date.now() / 1000);
  }

  private get books(): Db {
    if (!this.opts.db) throw new Error('沙箱支付未连接账本数据库');
    return this.opts.db;
  }

  async create(input: CreateInput): Promise<{ qrCode: string; providerRef: string }> {
    assertFen(input.amountFen);
    await this.books
      .insert(sandboxProviderPayments)
      .values({ outTradeNo: input.outTradeNo, amountFen: input.amountFen })
      .onConflictDoNothing();
    const path = `/pay/sandbox/${encodeURIComponent(input.outTradeNo)}`;
    return {
      qrCode: `${this.opts.publicUrl}${path}?${SANDBOX_TOKEN_PARAM}=${this.payToken(input.outTradeNo)}`,
      providerRef: `sbx_prepay_${hex(12)}`,
    };
  }

  /**
   * The token of the pay link: `<expiry>.<HMAC-SHA256 of "pay-link\n<out_trade_no>\n<expiry>">`. Only whoever was
   * given the order's QR code can open its page and confirm it (see README).
   */
  payToken(outTradeNo: string, expiresAt = this.now() + SANDBOX_LINK_TTL_S): string {
    return signExpiring(this.opts.secret, 'pay-link', outTradeNo, expiresAt);
  }

  /** Whether the token was made by payToken for this order and has not expired. */
  verifyPayToken(outTradeNo: string, token: unknown): boolean {
    return verifyExpiring(this.opts.secret, 'pay-link', outTradeNo, token, this.now());
  }

  /**
   * The payer confirmed on the sandbox page: the sandbox books the payment (once; a repeat keeps the first
   * transaction) and answers the notify it sends, or null when it has no such open order.
   */
  async payerConfirmed(outTradeNo: string): Promise<SignedNotify | null> {
    const [row] = await this.books
      .update(sandboxProviderPayments)
      .set({ status: SANDBOX_TRADE_STATE.paid, transactionId: `sbx_txn_${hex(12)}`, paidAt: new Date() })
      .where(and(eq(sandboxProviderPayments.outTradeNo, outTradeNo), eq(sandboxProviderPayments.status, SANDBOX_TRADE_STATE.unpaid)))
      .returning();
    const booked = row ?? (await this.payment(outTradeNo));
    if (booked?.status !== SANDBOX_TRADE_STATE.paid || !booked.paidAt) return null;
    return this.signNotify({ outTradeNo, amountFen: booked.amountFen, transactionId: booked.transactionId, paidAt: booked.paidAt });
  }

  private async payment(outTradeNo: string) {
    const [row] = await this.books.select().from(sandboxProviderPayments).where(eq(sandboxProviderPayments.outTradeNo, outTradeNo));
    return row;
  }

  async queryPayment(outTradeNo: string): Promise<ProviderPayment> {
    const row = await this.payment(outTradeNo);
    if (!row) return { state: 'notFound' };
    if (row.status === SANDBOX_TRADE_STATE.closed) return { state: 'closed' };
    if (row.status !== SANDBOX_TRADE_STATE.paid || !row.paidAt) return { state: 'unpaid' };
    return { state: 'paid', providerRef: row.transactionId, amountFen: row.amountFen, paidAt: row.paidAt };
  }

  /**
   * Books the refund under its number in one statement: a number already booked answers its first refund and moves no
   * more money (WeChat Pay's out_refund_no). The sandbox refuses an order it never opened and a refund past its
   * amount together with what it refunded before.
   */
  async refund(input: RefundInput): Promise<{ providerRef: string }> {
    assertFen(input.amountFen);
    const p = sandboxProviderPayments;
    const r = sandboxProviderRefunds;
    const refundId = `sbx_refund_${hex(12)}`;
    const refundedBefore = sql`(select coalesce(sum(${r.amountFen}), 0) from ${r} where ${r.outTradeNo} = ${input.outTradeNo})`;
    const inserted = (await this.books.execute(sql`
      insert into ${r} (refund_no, out_trade_no, amount_fen, refund_id, reason)
      select ${input.refundNo}, ${input.outTradeNo}, ${input.amountFen}::bigint, ${refundId}, ${input.reason}
      from ${p} where ${p.outTradeNo} = ${input.outTradeNo} and ${p.amountFen} >= ${refundedBefore} + ${input.amountFen}::bigint
      on conflict (refund_no) do nothing
      returning refund_id`)) as unknown as { rows: { refund_id: string }[] };
    if (inserted.rows.length > 0) return { providerRef: inserted.rows[0].refund_id };
    const [booked] = await this.books.select().from(r).where(eq(r.refundNo, input.refundNo));
    if (booked) {
      if (booked.outTradeNo !== input.outTradeNo || booked.amountFen !== input.amountFen) {
        throw new PaymentRefusedError('退款单号已用于另一笔退款');
      }
      return { providerRef: booked.refundId };
    }
    throw new PaymentRefusedError((await this.payment(input.outTradeNo)) ? '退款金额超过订单可退金额' : '订单不存在');
  }

  async queryRefund(refundNo: string): Promise<ProviderRefund> {
    const [row] = await this.books.select().from(sandboxProviderRefunds).where(eq(sandboxProviderRefunds.refundNo, refundNo));
    return row ? { state: 'succeeded', providerRef: row.refundId, amountFen: row.amountFen } : { state: 'notFound' };
  }

  /**
   * Closes an order still unpaid in the sandbox's books. A paid one is refused (WeChat Pay's ORDERPAID): its payment
   * reaches us by the notify or the reconciliation job, never a closed order.
   */
  async close(outTradeNo: string): Promise<void> {
    await this.books
      .update(sandboxProviderPayments)
      .set({ status: SANDBOX_TRADE_STATE.closed })
      .where(and(eq(sandboxProviderPayments.outTradeNo, outTradeNo), eq(sandboxProviderPayments.status, SANDBOX_TRADE_STATE.unpaid)));
    if ((await this.payment(outTradeNo))?.status === SANDBOX_TRADE_STATE.paid) throw new PaymentRefusedError('订单已支付');
  }

  /** The notify the sandbox sends when the payer confirms, signed as verifyNotify expects. */
  signNotify(n: { outTradeNo: string; amountFen: number; transactionId?: string; paidAt?: Date; timestamp?: number }): SignedNotify {
    const body: SandboxNotifyBody = {
      event: 'TRANSACTION.SUCCESS',
      out_trade_no: n.outTradeNo,
      transaction_id: n.transactionId ?? `sbx_txn_${hex(12)}`,
      amount_fen: n.amountFen,
      paid_at: (n.paidAt ?? new Date()).toISOString(),
    };
    const text = JSON.stringify(body);
    const timestamp = String(n.timestamp ?? this.now());
    return {
      headers: {
        'content-type': 'application/json',
        [SANDBOX_TIMESTAMP_HEADER]: timestamp,
        [SANDBOX_SIGNATURE_HEADER]: this.sign(timestamp, text),
      },
      body: text,
    };
  }

  async verifyNotify(headers: IncomingHttpHeaders, rawBody: Buffer): Promise<VerifiedNotify | null> {
    const signature = headers[SANDBOX_SIGNATURE_HEADER];
    const timestamp = headers[SANDBOX_TIMESTAMP_HEADER];
    if (typeof signature !== 'string' || typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) return null;
    const expected = Buffer.from(this.sign(timestamp, rawBody), 'hex');
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Math.abs(this.now() - Number(timestamp)) > SANDBOX_NOTIFY_MAX_AGE_S) return null;
    let body: Partial<SandboxNotifyBody>;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return null;
    }
    const paidAt = new Date(String(body.paid_at));
    if (
      body.event !== 'TRANSACTION.SUCCESS' ||
      typeof body.out_trade_no !== 'string' ||
      !body.out_trade_no ||
      typeof body.transaction_id !== 'string' ||
      !Number.isSafeInteger(body.amount_fen) ||
      Number.isNaN(paidAt.getTime())
    ) {
      return null;
    }
    return { outTradeNo: body.out_trade_no, providerRef: body.transaction_id, amountFen: body.amount_fen as number, paidAt };
  }

  /** HMAC-SHA256 over "timestamp\nbody", hex. */
  private sign(timestamp: string, body: string | Buffer): string {
    return createHmac('sha256', this.opts.secret).update(`${timestamp}\n`).update(body).digest('hex');
  }
}

function assertFen(amountFen: number): void {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) throw new Error(`金额必须是正整数分: ${amountFen}`);
}

export const SANDBOX_IN_PRODUCTION_MSG =
  '生产环境（NODE_ENV=production）不能使用沙箱支付：请配置真实的支付渠道（PAY_PROVIDER），或明确设置 PAY_SANDBOX_ENABLED=1';

/** The provider chosen by PAY_PROVIDER; the sandbox only where it is allowed (not in production unless enabled). */
export function createPaymentProvider(
  kind: string,
  opts: { publicUrl: string; sandboxSecret: string; sandboxAllowed: boolean; db: Db },
): PaymentProvider {
  if (kind === 'sandbox') {
    if (!opts.sandboxAllowed) throw new Error(SANDBOX_IN_PRODUCTION_MSG);
    return new SandboxPaymentProvider({ publicUrl: opts.publicUrl, secret: opts.sandboxSecret, db: opts.db });
  }
  throw new Error(`未知的支付渠道: ${kind}（PAY_PROVIDER 目前只支持 sandbox）`);
}
