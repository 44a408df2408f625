import type { goodsBatchStockBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { tenantOf } from '@/core/tenant';
import { goodsRepo as repo } from './goods.repository';
import { freshStockKey, moveStock, STOCK_REASON } from './stock-moves';

type StockItems = z.output<typeof goodsBatchStockBody>['items'];

/** The note of a console stock edit in the ledger (the console sends no reason of its own). */
export const CONSOLE_STOCK_NOTE = '后台修改库存';

/**
 * BatchEditGoodsStock (the SKU list's stock cell and bulk edit, the goods list's 改库存): each SKU's stock becomes
 * the given number, as an adjustment in the stock ledger (the difference from the stock under the goods row lock,
 * none where it is the same), with the staff member as operator; audited with the stock before and after.
 */
export async function setStock(ctx: Ctx, items: StockItems): Promise<void> {
  const ids = items.map((i) => i.skuId);
  if (new Set(ids).size !== ids.length) throw new BizError('规格重复', CODE.validation);
  const { renterId } = renterOf(ctx);
  await inTx(ctx, async (tx) => {
    await repo.lockGoodsOfSkus(tenantOf(tx), ids);
    const found = await repo.skusByIds(tenantOf(tx), ids);
    if (found.length !== ids.length) throw new BizError('规格不存在', CODE.notFound);
    const before = new Map(found.map((s) => [s.id, s.stock]));
    await moveStock(
      tx,
      renterId,
      items.map((it) => ({
        skuId: it.skuId,
        setTo: it.stock,
        reason: STOCK_REASON.adjust,
        note: CONSOLE_STOCK_NOTE,
        key: freshStockKey(STOCK_REASON.adjust, it.skuId),
      })),
    );
    await audit(tx, {
      module: 'goods',
      action: '修改库存',
      recordId: found[0].goodsId,
      before: ids.map((id) => ({ skuId: id, stock: before.get(id) })),
      after: items,
    });
  });
}
