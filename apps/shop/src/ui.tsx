import { yuanText } from '@contract/core/money';
import { type ReactNode, useSyncExternalStore } from 'react';

// A one-line toast in the middle of the screen, as mobile pages show them.
let current: { text: string; key: number } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function toast(text: string, ms = 2500) {
  current = { text, key: (current?.key ?? 0) + 1 };
  emit();
  clearTimeout(timer);
  timer = setTimeout(() => {
    current = null;
    emit();
  }, ms);
}

/** Takes a toast away at once (a stale message must not sit over a success screen). */
export function clearToast() {
  clearTimeout(timer);
  if (current) {
    current = null;
    emit();
  }
}

export function Toaster() {
  const t = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
  return t ? (
    <div className="toast" role="alert" key={t.key}>
      {t.text}
    </div>
  ) : null;
}

/** A full-width result block: a round icon, a title and what follows. */
export function Result({ tone, title, children }: { tone: 'ok' | 'wait' | 'bad' | 'info'; title: string; children?: ReactNode }) {
  const icon = { ok: '✓', wait: '¥', bad: '!', info: 'i' }[tone];
  return (
    <div className={`result ${tone}`}>
      <div className="result-icon" aria-hidden="true">
        {icon}
      </div>
      <h2 className="result-title">{title}</h2>
      {children}
    </div>
  );
}

/** A yuan figure of an answer as '¥12.50', through the contract's money module. */
export const yuan = (v: number) => `¥${yuanText(v)}`;
/** 2025-01-02 10:00:00 → 2025-01-02 10:00 */
export const minutes = (t: string) => t.slice(0, 16);

/** A pay link (sandbox or provider page) with our way back: `back`, a path of this site, as its `return` parameter. */
export const withReturn = (qrCode: string, back: string) =>
  `${qrCode}${qrCode.includes('?') ? '&' : '?'}return=${encodeURIComponent(back)}`;
