import { useCallback, useEffect, useRef } from 'react';

/** How long a run of taps on a quantity waits before it is told to the server as one call. */
const PAUSE_MS = 400;

/**
 * Quantities told to the server after a pause (a run of taps is one call). `flush` sends what still waits at once and
 * answers, once every call has answered, whether all went through: 结算 reads the cart only after it, so a tap just
 * before it is in the order.
 */
export function useQtySaves(save: (lineId: string, qty: number) => Promise<boolean>) {
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const waiting = useRef(new Map<string, number>());
  const running = useRef(new Set<Promise<boolean>>());

  const send = useCallback(
    (lineId: string, qty: number) => {
      const p = save(lineId, qty);
      running.current.add(p);
      void p.finally(() => running.current.delete(p));
      return p;
    },
    [save],
  );

  useEffect(() => {
    const t = timers.current;
    return () => {
      for (const x of t.values()) clearTimeout(x);
    };
  }, []);

  const later = (lineId: string, qty: number) => {
    clearTimeout(timers.current.get(lineId));
    waiting.current.set(lineId, qty);
    timers.current.set(
      lineId,
      setTimeout(() => {
        timers.current.delete(lineId);
        waiting.current.delete(lineId);
        void send(lineId, qty);
      }, PAUSE_MS),
    );
  };

  const flush = async (): Promise<boolean> => {
    for (const x of timers.current.values()) clearTimeout(x);
    timers.current.clear();
    for (const [lineId, qty] of waiting.current) send(lineId, qty);
    waiting.current.clear();
    return (await Promise.all([...running.current])).every(Boolean);
  };

  return { later, flush };
}
