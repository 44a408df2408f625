/**
 * Answers of costly reads kept a short while in this process, with one computation at a time per key: the sums line
 * of 客户查询 over 1,000,000 members costs ~0.7 s of database time, and twenty staff opening the list at once must not
 * start twenty. A figure may then be up to `ttlMs` old; use it only where the screen can say so or it does not matter.
 */
export function memoized<T>(opts: { ttlMs: number; max?: number }) {
  const kept = new Map<string, { at: number; value: Promise<T> }>();
  const max = opts.max ?? 500;
  return (key: string, compute: () => Promise<T>): Promise<T> => {
    const now = Date.now();
    const hit = kept.get(key);
    if (hit && now - hit.at < opts.ttlMs) return hit.value;
    const value = compute();
    if (kept.size >= max) kept.delete(kept.keys().next().value as string);
    kept.set(key, { at: now, value });
    // A failure is not kept: the next caller tries again.
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key);
    });
    return value;
  };
}
