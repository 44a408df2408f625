import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Ctx, actorOf, inTx } from '@/core/context';
import { BizError } from '@/core/errors';
import { type Tenant, tenantFor } from '@/core/tenant';

/** node-postgres and PGlite both answer `{rows}` to execute. */
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The reasons the goods module writes (orders and after-sales write their own: 'order', 'order-close', …). */
export const STOCK_REASON = {
  /** A new SKU's stock (the goods form, an import, a copy, a seed). */
  opening: 'opening',
  /** A person set the stock in the console (the goods form, the SKU list's edit, BatchEditGoodsStock). */
  adjust: 'adjust',
  /** A goods import set the stock of an existing SKU. */
  import: 'import',
} as const;

/** One change of a SKU's stock: by `delta`, or to `setTo` (the delta is taken from the stock under the lock). */
export type StockMove = {
  skuId: string;
  /** STOCK_REASON, or the orders' own ('order', 'order-close', the after-sales' kinds). */
  reason: string;
  orderId?: string | null;
  /** Unique per renter: the same key again changes nothing (a retried job, a second close). */
  key: string;
  /** What a person reads in the history ('后台修改库存', '导入：商品.xlsx'); '' for orders. */
  note?: string;
} & (
  | {
      /** Negative takes (a reservation), positive gives back; never 0. */
      delta: number;
      setTo?: undefined;
    }
  | {
      /** The stock from now on (a console edit, an import): the move is the difference, none when it is the same. */
      setTo: number;
      delta?: undefined;
    }
);

/** Who made a move: a staff user, a member, or the system (a job, a seed). */
export interface StockOperator {
  kind: 'staff' | 'member' | 'system';
  id: string | null;
}

/** The operator of a context: its staff user, its member, else the system. */
export function operatorOf(ctx: Ctx): StockOperator {
  const a = actorOf(ctx);
  if (a.kind === 'staff') return { kind: 'staff', id: a.session.userId };
  if (a.kind === 'member') return { kind: 'member', id: a.memberId };
  return { kind: 'system', id: null };
}

/** A fresh key for a move nobody will repeat by key (a console edit sets an absolute stock: a repeat moves nothing). */
export const freshStockKey = (reason: string, skuId: string) => `${reason}:${skuId}:${randomUUID()}`;

/** A uuid[] as one parameter (a long list of SKUs stays one bound value). */
const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rows per multi-row statement (the ledger insert, the stock update). */
const CHUNK = 2000;

/**
 * The one way a SKU's stock changes (DESIGN §11; README "Stock ledger"), in the caller's transaction (tx from inTx;
 * a context outside one gets its own):
 * 1. the goods rows of the SKUs are locked in id order (`for no key update`; the SKU trigger updates the goods'
 *    total_stock, so two writers over the same goods never deadlock, and every stock writer queues here);
 * 2. under that lock the SKUs' stock and the keys already used are read; per move in (SKU, key) order a used key is
 *    skipped, a `setTo` becomes `setTo - stock` (none when 0), a move below 0 refuses the whole call with
 *    '商品「…」库存不足', a take from a missing SKU with '商品规格不存在或已删除' (a give-back to one is dropped);
 * 3. the ledger rows are inserted with their stock_after, and each SKU's stock set from what was read to its last
 *    stock_after (`where stock = <read>`: a write that skipped the lock fails the call instead of breaking the sum).
 * Answers how many moves were applied (skipped repeats and zero differences are not counted).
 */
export async function moveStock(tx: Ctx, renterId: string, moves: StockMove[], by: StockOperator = operatorOf(tx)): Promise<number> {
  if (!tx.afterCommit) return inTx(tx, (inner) => moveStock(inner, renterId, moves, by));
  return applyStockMoves(tenantFor(tx, renterId), by, moves);
}

/** moveStock for work that holds a Tenant and no context (the demo seed), in its transaction. */
export async function applyStockMoves(tenant: Tenant, by: StockOperator, moves: StockMove[]): Promise<number> {
  if (moves.length === 0) return 0;
  for (const m of moves) {
    if (!UUID.test(m.skuId)) throw new BizError('商品规格不存在或已删除');
    if (m.setTo !== undefined ? !Number.isInteger(m.setTo) || m.setTo < 0 : !Number.isInteger(m.delta) || m.delta === 0)
      throw new Error(`bad stock move ${m.delta ?? m.setTo}`);
  }
  const { db, renterId } = tenant;
  const ordered = [...moves].sort((a, b) => (a.skuId < b.skuId ? -1 : a.skuId > b.skuId ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const skuIds = [...new Set(ordered.map((m) => m.skuId))];
  await db.execute(sql`
    select g.id from goods g
     where g.renter_id = ${renterId}::uuid
       and g.id in (select s.goods_id from goods_skus s where s.renter_id = ${renterId}::uuid and s.id = any(${uuids(skuIds)}))
     order by g.id for no key update`);
  const skus = new Map(
    rowsOf<{ id: string; goods_id: string; stock: number; title: string }>(
      await db.execute(sql`
        select s.id, s.goods_id, s.stock, g.title from goods_skus s
          join goods g on g.renter_id = s.renter_id and g.id = s.goods_id
         where s.renter_id = ${renterId}::uuid and s.id = any(${uuids(skuIds)})`),
    ).map((r) => [r.id, r]),
  );
  const used = new Set(
    rowsOf<{ idem_key: string }>(
      await db.execute(sql`
        select idem_key from goods_stock_moves
         where renter_id = ${renterId}::uuid
           and idem_key in (select jsonb_array_elements_text(${JSON.stringify(ordered.map((m) => m.key))}::jsonb))`),
    ).map((r) => r.idem_key),
  );
  const stock = new Map([...skus.values()].map((s) => [s.id, s.stock]));
  const rows: Record<string, unknown>[] = [];
  for (const m of ordered) {
    if (used.has(m.key)) continue;
    const sku = skus.get(m.skuId);
    if (!sku) {
      if ((m.delta ?? 0) > 0) continue; // giving back to a deleted SKU: nothing to give back to
      throw new BizError('商品规格不存在或已删除');
    }
    const now = stock.get(sku.id) as number;
    const delta = m.setTo !== undefined ? m.setTo - now : m.delta;
    if (delta === 0) continue;
    if (now + delta < 0) throw new BizError(`商品「${sku.title}」库存不足`);
    stock.set(sku.id, now + delta);
    used.add(m.key);
    rows.push({
      sku_id: sku.id,
      goods_id: sku.goods_id,
      delta,
      stock_after: now + delta,
      reason: m.reason,
      note: m.note ?? '',
      order_id: m.orderId ?? null,
      idem_key: m.key,
    });
  }
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.execute(sql`
      insert into goods_stock_moves
        (renter_id, sku_id, goods_id, delta, stock_after, reason, note, order_id, idem_key, operator_kind, operator_id)
      select ${renterId}::uuid, v.sku_id, v.goods_id, v.delta, v.stock_after, v.reason, v.note, v.order_id, v.idem_key,
             ${by.kind}, ${by.id}::uuid
        from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + CHUNK))}::jsonb)
          as v(sku_id uuid, goods_id uuid, delta int, stock_after int, reason text, note text, order_id uuid, idem_key text)`);
  }
  const changed = [...stock]
    .filter(([id, after]) => skus.get(id)?.stock !== after)
    .map(([id, after]) => ({ id, before: skus.get(id)?.stock, after }));
  for (let i = 0; i < changed.length; i += CHUNK) {
    const part = changed.slice(i, i + CHUNK);
    const upd = await db.execute(sql`
      update goods_skus s set stock = v.after, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as v(id uuid, before int, after int)
       where s.renter_id = ${renterId}::uuid and s.id = v.id and s.stock = v.before
      returning s.id`);
    if (rowsOf(upd).length !== part.length) throw new Error('goods_skus.stock changed outside the goods row lock');
  }
  return rows.length;
}
