import { sql } from 'drizzle-orm';
import type { Ctx } from '@/core/context';
import { BizError } from '@/core/errors';
import { tenantFor } from '@/core/tenant';
import { goodsRepo as repo } from './goods.repository';

/** node-postgres and PGlite both answer `{rows}` to execute. */
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** One change of a SKU's stock by an order. */
export interface StockMove {
  skuId: string;
  /** Negative takes (a reservation), positive gives back. */
  delta: number;
  /** 'order' | 'order-close' (goods.tables.ts goodsStockMoves). */
  reason: string;
  orderId: string | null;
  /** Unique per renter: the same key again changes nothing (a retried job, a second close). */
  key: string;
}

/**
 * The one way orders change stock (DESIGN §11; README "Stock ledger"). In the caller's transaction (tx from inTx),
 * for each move in SKU id order, after locking the goods rows of the SKUs in id order (the SKU trigger updates the
 * goods' total_stock, so two orders over the same goods never deadlock):
 * 1. the ledger row is inserted under its idempotency key (`on conflict do nothing`: a move already made is skipped;
 *    a concurrent one with the same key waits for the first and then finds it);
 * 2. one conditional UPDATE `stock = stock + delta WHERE stock + delta >= 0` sets the stock and the ledger row's
 *    stock_after in one statement; no row means not enough stock: '商品「…」库存不足' (the transaction rolls back, the
 *    ledger row with it).
 * Answers how many moves were applied (skipped repeats are not counted).
 */
export async function moveStock(tx: Ctx, renterId: string, moves: StockMove[]): Promise<number> {
  const tenant = tenantFor(tx, renterId);
  const ordered = [...moves].sort((a, b) => (a.skuId < b.skuId ? -1 : a.skuId > b.skuId ? 1 : a.key < b.key ? -1 : 1));
  for (const m of ordered) if (!Number.isInteger(m.delta) || m.delta === 0) throw new Error(`bad stock move ${m.delta}`);
  await repo.lockGoodsOfSkus(
    tenant,
    ordered.map((m) => m.skuId),
  );
  let applied = 0;
  for (const m of ordered) {
    const ins = await tx.db.execute(sql`
      insert into goods_stock_moves (renter_id, sku_id, goods_id, delta, stock_after, reason, order_id, idem_key)
      select ${renterId}::uuid, s.id, s.goods_id, ${m.delta}, 0, ${m.reason}, ${m.orderId}::uuid, ${m.key}
        from goods_skus s where s.renter_id = ${renterId}::uuid and s.id = ${m.skuId}::uuid
      on conflict (renter_id, idem_key) do nothing
      returning id`);
    const ledgerId = rowsOf<{ id: string }>(ins)[0]?.id;
    if (!ledgerId) {
      // Either the key was used (a repeat: nothing to do) or the SKU is gone.
      const seen = await tx.db.execute(
        sql`select 1 from goods_stock_moves where renter_id = ${renterId}::uuid and idem_key = ${m.key} limit 1`,
      );
      if (rowsOf(seen).length > 0) continue;
      if (m.delta > 0) continue; // giving back to a deleted SKU: nothing to give back to
      throw new BizError('商品规格不存在或已删除');
    }
    const upd = await tx.db.execute(sql`
      with u as (
        update goods_skus set stock = stock + ${m.delta}, updated_at = now()
         where renter_id = ${renterId}::uuid and id = ${m.skuId}::uuid and stock + ${m.delta} >= 0
        returning stock)
      update goods_stock_moves set stock_after = u.stock from u
       where goods_stock_moves.renter_id = ${renterId}::uuid and goods_stock_moves.id = ${ledgerId}::uuid
      returning u.stock`);
    if (rowsOf(upd).length === 0) {
      const [sku] = await repo.skusByIds(tenant, [m.skuId]);
      throw new BizError(sku ? `商品「${sku.title}」库存不足` : '商品规格不存在或已删除');
    }
    applied++;
  }
  return applied;
}
