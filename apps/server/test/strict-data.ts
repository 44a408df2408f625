import type { z } from 'zod';

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definition is walked by its `type` tag
type Def = any;

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fields of an answer its schema does not declare, as paths (`data.list[0].secret`), checked the way a
 * z.strictObject would check every object of the schema, without changing the schema (production still strips them).
 * A schema that accepts any key (catchall, record of unknown) declares whatever it holds. Call it on a value the
 * schema accepts.
 */
export function undeclaredFields(schema: z.ZodType, value: unknown, path = 'data'): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (!isPlainObject(value)) return [];
      const shape = def.shape as Record<string, z.ZodType>;
      const out: string[] = [];
      for (const [k, v] of Object.entries(value)) {
        const field = shape[k];
        if (field) out.push(...undeclaredFields(field, v, `${path}.${k}`));
        else if (!def.catchall) out.push(`${path}.${k}`);
        else out.push(...undeclaredFields(def.catchall, v, `${path}.${k}`));
      }
      return out;
    }
    case 'array':
      return Array.isArray(value) ? value.flatMap((v, i) => undeclaredFields(def.element, v, `${path}[${i}]`)) : [];
    case 'tuple':
      return Array.isArray(value)
        ? value.flatMap((v, i) => {
            const item = def.items[i] ?? def.rest;
            return item ? undeclaredFields(item, v, `${path}[${i}]`) : [];
          })
        : [];
    case 'record':
      return isPlainObject(value) ? Object.entries(value).flatMap(([k, v]) => undeclaredFields(def.valueType, v, `${path}.${k}`)) : [];
    case 'union': {
      // The options that accept the value; the answer is fine when one of them declares every field.
      let best: string[] | null = null;
      for (const option of def.options as z.ZodType[]) {
        if (!option.safeParse(value).success) continue;
        const extra = undeclaredFields(option, value, path);
        if (best === null || extra.length < best.length) best = extra;
        if (extra.length === 0) break;
      }
      return best ?? [];
    }
    case 'intersection': {
      // A field is declared when either side declares it.
      const left = new Set(undeclaredFields(def.left, value, path));
      return undeclaredFields(def.right, value, path).filter((p) => left.has(p));
    }
    case 'pipe':
      // z.preprocess(fn, schema) reads the raw value with its output schema; schema.transform(fn) with its input.
      return undeclaredFields(defOf(def.in).type === 'transform' ? def.out : def.in, value, path);
    case 'lazy':
      return undeclaredFields(def.getter(), value, path);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return value === undefined || value === null ? [] : undeclaredFields(def.innerType, value, path);
    default:
      return [];
  }
}
