import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { undeclaredFields } from './strict-data';

describe('answers checked strictly against the contract (test helper call())', () => {
  const schema = z.object({
    total: z.number(),
    list: z.array(z.object({ id: z.string(), note: z.string().nullable().optional() })),
    one: z.union([z.object({ kind: z.literal(1), a: z.string() }), z.object({ kind: z.literal(2), b: z.string() })]).nullable(),
    byKey: z.record(z.string(), z.object({ n: z.number() })),
    tree: z.lazy(() => z.object({ name: z.string() })),
    raw: z.preprocess((v) => v, z.object({ x: z.number() })),
  });
  const good = {
    total: 1,
    list: [{ id: 'a', note: null }],
    one: { kind: 2, b: 'b' },
    byKey: { k: { n: 1 } },
    tree: { name: 't' },
    raw: { x: 1 },
  };

  it('a declared answer has no undeclared field', () => {
    expect(schema.safeParse(good).success).toBe(true);
    expect(undeclaredFields(schema, good)).toEqual([]);
  });

  it('names every field the schema does not declare, however deep (zod itself would strip them silently)', () => {
    const bad = {
      ...good,
      secret: 1,
      list: [{ id: 'a', renterId: 'r' }],
      one: { kind: 1, a: 'a', b: 'x' },
      byKey: { k: { n: 1, cost: 2 } },
      tree: { name: 't', hidden: true },
      raw: { x: 1, y: 2 },
    };
    expect(schema.safeParse(bad).success).toBe(true);
    expect(undeclaredFields(schema, bad).sort()).toEqual(
      ['data.secret', 'data.list[0].renterId', 'data.one.b', 'data.byKey.k.cost', 'data.tree.hidden', 'data.raw.y'].sort(),
    );
  });
});
