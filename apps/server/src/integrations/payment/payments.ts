import type { Config } from '../../config';
import type { Ctx } from '../../core/context';
import type { PayOrderRow, PayRefundRow } from './payment.tables';
import { createPaymentProvider, type PaymentProvider } from './provider';

/** Runs inside the transaction that marks the order paid: a throw undoes the payment, and the provider retries. */
export type PaidHandler = (tx: Ctx, payOrder: PayOrderRow) => Promise<void>;
/** Runs inside the transaction that records the refund as done. */
export type RefundedHandler = (tx: Ctx, payOrder: PayOrderRow, refund: PayRefundRow) => Promise<void>;

/**
 * The payment part of Services: the configured provider, and what each business module does when its orders are paid
 * or refunded. Modules register their handlers once at start (app.ts), keyed by their biz_type.
 */
export class Payments {
  private readonly providers = new Map<string, PaymentProvider>();
  private readonly paid = new Map<string, PaidHandler>();
  private readonly refunded = new Map<string, RefundedHandler>();

  /** @param provider where new orders are created */
  constructor(readonly provider: PaymentProvider) {
    this.providers.set(provider.name, provider);
  }

  /** The provider an order was created at, if it is still configured. */
  providerNamed(name: string): PaymentProvider | undefined {
    return this.providers.get(name);
  }

  onPaid(bizType: string, handler: PaidHandler): void {
    if (this.paid.has(bizType)) throw new Error(`onPaid handler for ${bizType} registered twice`);
    this.paid.set(bizType, handler);
  }

  onRefunded(bizType: string, handler: RefundedHandler): void {
    if (this.refunded.has(bizType)) throw new Error(`onRefunded handler for ${bizType} registered twice`);
    this.refunded.set(bizType, handler);
  }

  paidHandler(bizType: string): PaidHandler | undefined {
    return this.paid.get(bizType);
  }

  refundedHandler(bizType: string): RefundedHandler | undefined {
    return this.refunded.get(bizType);
  }
}

export function createPayments(config: Pick<Config, 'payProvider' | 'publicUrl' | 'paySandboxSecret'>): Payments {
  return new Payments(createPaymentProvider(config.payProvider, { publicUrl: config.publicUrl, sandboxSecret: config.paySandboxSecret }));
}
