import type { Config } from '@/config';
import type { Db } from '@/db/client';
import type { PayOrderRow, PayRefundRow } from './payment.tables';
import { createPaymentProvider, type PaymentProvider } from './provider';

// The transaction's context (core/context Ctx) is a type parameter: core/context names Payments<Ctx> in its Services,
// so this file does not import it back (no import cycle).

/**
 * Runs inside the transaction that marks the order paid: a throw undoes the payment, and the provider retries.
 * 'rejected' says the record no longer takes this payment (closed, or paid through another pay order): the payment
 * stands and is refunded in full by a job sent in that transaction.
 */
export type PaidHandler<Tx> = (tx: Tx, payOrder: PayOrderRow) => Promise<unknown>;
/** What an onPaid handler answers when its record no longer takes the payment. */
export const PAYMENT_REJECTED = 'rejected';
/** Runs inside the transaction that records the refund as done; chosen by the refund's business type. */
export type RefundedHandler<Tx> = (tx: Tx, payOrder: PayOrderRow, refund: PayRefundRow) => Promise<void>;
/** Runs inside the transaction that records the provider's refusal of a refund (the reservation is given back). */
export type RefundFailedHandler<Tx> = (tx: Tx, refund: PayRefundRow) => Promise<void>;

/**
 * The payment part of Services: the configured provider, and what each business module does when its orders are paid
 * or refunded. Modules register their handlers once at start (app.ts), keyed by their biz_type.
 */
export class Payments<Tx> {
  private readonly providers = new Map<string, PaymentProvider>();
  private readonly paid = new Map<string, PaidHandler<Tx>>();
  private readonly refunded = new Map<string, RefundedHandler<Tx>>();
  private readonly refundFailed = new Map<string, RefundFailedHandler<Tx>>();
  /**
   * Fault injection for the crash tests: set only by code holding this object (a test, or the child process of
   * test/payment-crash.test.ts); no route, config or environment variable reaches it, so production never runs one.
   */
  readonly faults: { afterProviderRefund?: (refundNo: string) => void } = {};

  /** @param provider where new orders are created */
  constructor(readonly provider: PaymentProvider) {
    this.providers.set(provider.name, provider);
  }

  /** The provider an order was created at, if it is still configured. */
  providerNamed(name: string): PaymentProvider | undefined {
    return this.providers.get(name);
  }

  onPaid(bizType: string, handler: PaidHandler<Tx>): void {
    if (this.paid.has(bizType)) throw new Error(`onPaid handler for ${bizType} registered twice`);
    this.paid.set(bizType, handler);
  }

  /** `refundType`: the business type of the refunds this handler completes (RefundRef.type). */
  onRefunded(refundType: string, handler: RefundedHandler<Tx>, failed?: RefundFailedHandler<Tx>): void {
    if (this.refunded.has(refundType)) throw new Error(`onRefunded handler for ${refundType} registered twice`);
    this.refunded.set(refundType, handler);
    if (failed) this.refundFailed.set(refundType, failed);
  }

  paidHandler(bizType: string): PaidHandler<Tx> | undefined {
    return this.paid.get(bizType);
  }

  refundedHandler(refundType: string): RefundedHandler<Tx> | undefined {
    return this.refunded.get(refundType);
  }

  refundFailedHandler(refundType: string): RefundFailedHandler<Tx> | undefined {
    return this.refundFailed.get(refundType);
  }
}

/** @param db where the sandbox provider keeps its books (it stands in for the provider's own records) */
export function createPayments<Tx>(
  config: Pick<Config, 'payProvider' | 'publicUrl' | 'paySandboxSecret' | 'paySandboxAllowed'>,
  db: Db,
): Payments<Tx> {
  return new Payments<Tx>(
    createPaymentProvider(config.payProvider, {
      publicUrl: config.publicUrl,
      sandboxSecret: config.paySandboxSecret,
      sandboxAllowed: config.paySandboxAllowed,
      db,
    }),
  );
}
