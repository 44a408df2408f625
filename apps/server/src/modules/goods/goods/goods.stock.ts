import type { goodsBatchStockBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { goodsRepo as repo } from './goods.repository';
import { tenantOf } from '@/core/tenant';

type StockItems = z.output<typeof goodsBatchStockBody>['items'];

/**
 * Takes stock for an order: one conditional UPDATE per SKU (only where stock ≥ qty), all in one transaction, so either
 * every SKU has enough and all are taken, or nothing changes and the first short SKU is refused. SKUs are taken in id
 * order, after locking their goods rows in id order (the SKU triggers update the goods' aggregates), so two orders
 * over the same SKUs never deadlock. Stock never goes below 0 (also a CHECK in the table).
 */
export async function decrementStock(ctx: Ctx, items: { skuId: string; qty: number }[]): Promise<void> {
  const merged = new Map<string, number>();
  for (const it of items) {
    if (!Number.isInteger(it.qty) || it.qty <= 0) throw new BizError('购买数量不正确', CODE.validation);
    merged.set(it.skuId, (merged.get(it.skuId) ?? 0) + it.qty);
  }
  const ordered = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  await inTx(ctx, async (tx) => {
    await repo.lockGoodsOfSkus(
      tenantOf(tx),
      ordered.map(([id]) => id),
    );
    for (const [skuId, qty] of ordered) {
      if (await repo.takeStock(tenantOf(tx), skuId, qty)) continue;
      const [sku] = await repo.skusByIds(tenantOf(tx), [skuId]);
      throw new BizError(sku ? `商品「${sku.title}」库存不足` : '商品不存在');
    }
  });
}

/** BatchEditGoodsStock: sets each SKU's stock to the given number. */
export async function setStock(ctx: Ctx, items: StockItems): Promise<void> {
  const ids = items.map((i) => i.skuId);
  if (new Set(ids).size !== ids.length) throw new BizError('规格重复', CODE.validation);
  await inTx(ctx, async (tx) => {
    const found = await repo.skusByIds(tenantOf(tx), ids);
    if (found.length !== ids.length) throw new BizError('规格不存在', CODE.notFound);
    const before = new Map(found.map((s) => [s.id, s.stock]));
    await repo.lockGoodsOfSkus(tenantOf(tx), ids);
    for (const it of items) await repo.updateSku(tenantOf(tx), it.skuId, { stock: it.stock });
    await audit(tx, {
      module: 'goods',
      action: '修改库存',
      recordId: found[0].goodsId,
      before: ids.map((id) => ({ skuId: id, stock: before.get(id) })),
      after: items,
    });
  });
}
