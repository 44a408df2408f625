import type { z } from 'zod';

/**
 * A stored settings section read through its schema: fields left out (saved before they existed) or no longer valid
 * take their defaults, the rest is kept. `{}` reads as all defaults.
 */
export function readSection<S extends z.ZodObject>(schema: S, stored: Record<string, unknown> | undefined): z.output<S> {
  const whole = schema.safeParse(stored ?? {});
  if (whole.success) return whole.data;
  const kept: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(stored ?? {})) {
    const field = schema.shape[k] as z.ZodType | undefined;
    if (field?.safeParse(v).success) kept[k] = v;
  }
  return schema.parse(kept);
}
