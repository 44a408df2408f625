import { BUY_PAY_STATUS, PAY_POLL_MS } from '@contract/index';
import { useEffect, useRef } from 'react';
import { api } from '@/api/client';

/**
 * Asks every PAY_POLL_MS whether the order was paid (spec 000 §4 step 3) and stops for good at PayStatus 2 (paid) or 3
 * (closed), or when orderId becomes null. A failed lookup is retried on the next tick, quietly.
 */
export function usePayPolling(orderId: string | null, onDone: (payStatus: number) => void) {
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (!orderId) return;
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const { PayStatus } = await api.billing.GetPayOrder({ OrderGUID: orderId }, { quiet: true, silent: true });
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
