import { BUY_PAY_STATUS, PAY_POLL_MS } from '@contract/index';
import { useEffect, useRef } from 'react';
import { billingPayStatus } from '../billing.queries';

/**
 * Asks every PAY_POLL_MS whether the order was paid (spec 000 §4 step 3) and stops for good at status 2 (paid) or 3
 * (closed), or when orderId becomes null. A failed lookup is retried on the next tick, quietly. `statusOf` asks
 * another purchase's status in the same 1 / 2 / 3 terms (the waybill packages' ChargeResult).
 */
export function usePayPolling(
  orderId: string | null,
  onDone: (payStatus: number) => void,
  statusOf: (id: string) => Promise<number> = billingPayStatus,
) {
  const done = useRef(onDone);
  done.current = onDone;
  const ask = useRef(statusOf);
  ask.current = statusOf;
  useEffect(() => {
    if (!orderId) return;
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const PayStatus = await ask.current(orderId);
        if (stopped) return;
        if (PayStatus === BUY_PAY_STATUS.paid || PayStatus === BUY_PAY_STATUS.closed) {
          stopped = true;
          clearInterval(timer);
          done.current(PayStatus);
        }
      } catch {
        // the next tick asks again
      }
    }, PAY_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [orderId]);
}
