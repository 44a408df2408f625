import { useCallback, useEffect, useRef, useState } from 'react';

/** SMS resend countdown: after a code is sent the button shows the seconds left (spec 000 §4: 60 s). */
export const SMS_COUNTDOWN_SECONDS = 60;

export function useCountdown(seconds = SMS_COUNTDOWN_SECONDS) {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);
  const start = useCallback(
    (from = seconds) => {
      stop();
      setLeft(from);
      timer.current = setInterval(() => {
        setLeft((l) => {
          if (l <= 1) {
            stop();
            return 0;
          }
          return l - 1;
        });
      }, 1000);
    },
    [seconds, stop],
  );
  useEffect(() => stop, [stop]);
  return { left, running: left > 0, start };
}
