import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

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

/** A payment provider: the sandbox here, WeChat Pay or Alipay in production (DESIGN §5). */
export interface PaymentProvider {
  readonly name: string;
  /** Whether this is the development sandbox: no money moves. */
  readonly isDev: boolean;
  /** Opens the order at the provider; answers what the payer scans. */
  create(input: CreateInput): Promise<{ qrCode: string; providerRef: string }>;
  refund(input: RefundInput): Promise<{ providerRef: string }>;
  /** Stops the order at the provider so that it can no longer be paid. */
  close(outTradeNo: string): Promise<void>;
  /** Checks that a notify comes from the provider; null for a forged, stale or malformed one. */
  verifyNotify(headers: IncomingHttpHeaders, rawBody: Buffer): Promise<VerifiedNotify | null>;
}

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';
/** A notify older than this is refused even with a good signature. */
export const SANDBOX_NOTIFY_MAX_AGE_S = 10 * 60;

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
    },
  ) {
    if (!opts.secret) throw new Error('沙箱支付需要签名密钥');
  }

  private now(): number {
    return this.opts.now ? this.opts.now() : Math.floor(Date.now() / 1000);
  }

  async create(input: CreateInput): Promise<{ qrCode: string; providerRef: string }> {
    assertFen(input.amountFen);
    return { qrCode: `${this.opts.publicUrl}/pay/sandbox/${encodeURIComponent(input.outTradeNo)}`, providerRef: `sbx_prepay_${hex(12)}` };
  }

  async refund(input: RefundInput): Promise<{ providerRef: string }> {
    assertFen(input.amountFen);
    return { providerRef: `sbx_refund_${hex(12)}` };
  }

  /** Nothing to stop: the sandbox page reads the order's state and refuses a closed one. */
  async close(): Promise<void> {}

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

/** The provider chosen by PAY_PROVIDER. */
export function createPaymentProvider(kind: string, opts: { publicUrl: string; sandboxSecret: string }): PaymentProvider {
  if (kind === 'sandbox') return new SandboxPaymentProvider({ publicUrl: opts.publicUrl, secret: opts.sandboxSecret });
  throw new Error(`未知的支付渠道: ${kind}（PAY_PROVIDER 目前只支持 sandbox）`);
}
