/**
 * The stock ledger's invariant (goods README "Stock ledger"): whatever moves a SKU's stock — orders reserving, closes
 * giving back (twice at once, as a retried job would), console edits setting a number — afterwards each SKU's stock is
 * the sum of its ledger's deltas, never below 0, and its last row's stock_after. fast-check draws the moves (seeded, so
 * a failure replays) and fires each draw's moves at once. The race only means something on PostgreSQL
 * (TEST_DATABASE_URL), where the calls run on separate connections; PGlite has one connection and runs them one after
 * another, which still checks the bookkeeping of every kind of move.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { moveStock } from '@/modules/goods';
import { makeApp, ownerCtx, type Person, type TestApp } from './helper';
import { raceIt } from './race';

let t: TestApp;
let owner: Person;
let skus: string[];

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('台账店');
  skus = [];
  // Two goods, three SKUs: moves over SKUs of one goods queue on the same goods row, the others on another.
  const twoSizes = await t.ok(
    '/Goods/Goods/save',
    {
      title: '台账甲',
      specs: [{ name: '尺码', values: ['S', 'M'] }],
      skus: [
        { specValues: { 尺码: 'S' }, price: 1, stock: 12 },
        { specValues: { 尺码: 'M' }, price: 1, stock: 5 },
      ],
    },
    owner.token,
  );
  const one = await t.ok('/Goods/Goods/save', { title: '台账乙', skus: [{ price: 1, stock: 8 }] }, owner.token);
  for (const id of [twoSizes.id, one.id])
    skus.push(...(await t.ok('/Goods/Goods/detail', { id }, owner.token)).skus.map((s: { skuId: string }) => s.skuId));
});
afterAll(() => t.close());

type Line = { sku: number; qty: number };
type Op = { kind: 'order'; lines: Line[]; close: boolean } | { kind: 'edit'; sku: number; stock: number };

const line = fc.record({ sku: fc.integer({ min: 0, max: 2 }), qty: fc.integer({ min: 1, max: 4 }) });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      lines: fc.array(line, { minLength: 1, maxLength: 3 }),
      close: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      sku: fc.integer({ min: 0, max: 2 }),
      stock: fc.integer({ min: 0, max: 15 }),
    }),
  },
);

/** An order: its reservation, then (when it closes) its give-back sent twice at once, as a retried job would. */
async function order(lines: Line[], close: boolean): Promise<void> {
  const ctx = ownerCtx(t, owner);
  const orderId = randomUUID();
  const qty = new Map<string, number>();
  for (const l of lines) qty.set(skus[l.sku], (qty.get(skus[l.sku]) ?? 0) + l.qty);
  const moves = (sign: 1 | -1, reason: string) =>
    [...qty].map(([skuId, n]) => ({ skuId, delta: sign * n, reason, orderId, key: `${reason}:${orderId}:${skuId}` }));
  try {
    await moveStock(ctx, owner.renterId, moves(-1, 'order'));
  } catch (e) {
    if (!String(e).includes('库存不足')) throw e;
    return; // not enough stock: nothing reserved, nothing to give back
  }
  if (close)
    await Promise.all([moveStock(ctx, owner.renterId, moves(1, 'order-close')), moveStock(ctx, owner.renterId, moves(1, 'order-close'))]);
}

/** A console edit of one SKU's stock (the SKU list's stock cell). */
async function edit(sku: number, stock: number): Promise<void> {
  const r = await t.call('/Goods/Goods/BatchEditGoodsStock', { items: [{ skuId: skus[sku], stock }] }, owner.token);
  expect(r.body.code).toBe(0);
}

interface SkuLedger {
  id: string;
  stock: number;
  total: number;
  last: number | null;
  min_after: number | null;
  closes: number;
  close_orders: number;
}

async function ledgers(): Promise<SkuLedger[]> {
  const r = await t.db.execute(sql`
    select s.id, s.stock,
           coalesce(sum(m.delta), 0)::int as total,
           min(m.stock_after)::int as min_after,
           count(*) filter (where m.reason = 'order-close')::int as closes,
           count(distinct m.order_id) filter (where m.reason = 'order-close')::int as close_orders,
           (select l.stock_after from goods_stock_moves l where l.renter_id = s.renter_id and l.sku_id = s.id
             order by l.seq desc limit 1) as last
      from goods_skus s
      left join goods_stock_moves m on m.renter_id = s.renter_id and m.sku_id = s.id
     where s.renter_id = ${owner.renterId}::uuid
     group by s.id, s.stock`);
  return (r as unknown as { rows: SkuLedger[] }).rows;
}

describe('the stock ledger under random concurrent moves', () => {
  raceIt(
    'keeps every SKU at its ledger sum and last stock_after, never below 0, each close given back once',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 16 }), async (ops) => {
          await Promise.all(ops.map((o) => (o.kind === 'order' ? order(o.lines, o.close) : edit(o.sku, o.stock))));
          const rows = await ledgers();
          expect(rows).toHaveLength(3);
          for (const x of rows) {
            expect(x.stock, x.id).toBeGreaterThanOrEqual(0);
            expect([x.total, x.last], x.id).toEqual([x.stock, x.stock]);
            expect(x.min_after ?? 0, x.id).toBeGreaterThanOrEqual(0);
            // Each closed order gave back once per SKU, though its give-back was sent twice.
            expect(x.closes, x.id).toBe(x.close_orders);
          }
        }),
        { seed: 20_261_129, numRuns: 6 },
      );
    },
    240_000,
  );
});
