import { fenToYuan, GOODS_TITLE_MAX, type goodsEditPriceBody, type goodsListBody, type goodsSaveBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { lockUpdateAudit } from '@/core/locked-update';
import { BizError, CODE, fieldError } from '@/core/errors';
import { emit } from '@/core/jobs';
import { nextSequence, peekSequence } from '@/core/sequence';
import { fmtTime, parseTime } from '@/core/time';
import { extrasOfDetail, extrasOfSave } from './goods-extras.service';
import { goodsSummary } from './goods.filter';
import { buildMatrix } from './goods.matrix';
import { type GoodsListRow, type GoodsRow, type GoodsSkuRow, goodsRepo as repo } from './goods.repository';
import { sanitizeHtml } from './goods.sanitize';
import { pageWindow } from '@/core/paging';
import type { Tenant } from '@/core/tenant';
import { tenantFor, tenantOf } from '@/core/tenant';
import { CONSOLE_STOCK_NOTE } from './goods.stock';
import { freshStockKey, moveStock, STOCK_REASON, type StockMove } from './stock-moves';

type SaveInput = z.output<typeof goodsSaveBody>;
type ListInput = z.output<typeof goodsListBody>;
type PriceInput = z.output<typeof goodsEditPriceBody>;

const notFound = () => new BizError('商品不存在', CODE.notFound);

async function found(tenant: Tenant, id: string, lock = false): Promise<GoodsRow> {
  const g = await repo.byId(tenant, id, lock);
  if (!g) throw notFound();
  return g;
}

/** All of ids, or the refusal: another renter's id is as missing as an unknown one. */
async function allFound(tenant: Tenant, ids: string[], lock = false): Promise<GoodsRow[]> {
  const unique = [...new Set(ids)];
  const rows = await repo.byIds(tenant, unique, lock);
  if (rows.length !== unique.length) throw notFound();
  return rows;
}

/** The goods number of a value of the enterprise's 'goods_no' counter. */
export const goodsNoOf = (n: number) => `SP${String(n).padStart(6, '0')}`;

/** A new goods number: SP + the enterprise's counter, skipping numbers someone typed in by hand. */
async function newGoodsNo(tenant: Tenant): Promise<string> {
  for (;;) {
    const no = goodsNoOf(await nextSequence(tenant, 'goods_no'));
    if (!(await repo.byNo(tenant, no))) return no;
  }
}

const listRow = (g: GoodsListRow) => ({ ...goodsSummary(g), type: g.type });

const skuRow = (s: GoodsSkuRow) => ({
  skuId: s.id,
  specValues: s.specValues,
  price: fenToYuan(s.priceFen),
  originalPrice: fenToYuan(s.originalPriceFen),
  cost: fenToYuan(s.costFen),
  stock: s.stock,
  weight: s.weightG,
  code: s.code,
  barcode: s.barcode,
});

/**
 * A preview of the number the next new goods will get, for the new-goods form: nothing is used up (the number is
 * taken when a goods without one is saved), so opening and leaving 发布商品 leaves no gap.
 */
export async function nextGoodsNo(ctx: Ctx) {
  for (let n = await peekSequence(tenantOf(ctx), 'goods_no'); ; n++) {
    const no = goodsNoOf(n);
    if (!(await repo.byNo(tenantOf(ctx), no))) return { goodsNo: no };
  }
}

/** The title of a copy: "<title> 副本", the title cut so the whole stays within GOODS_TITLE_MAX characters. */
export function copyTitle(title: string): string {
  const suffix = ' 副本';
  const cut = title.slice(0, GOODS_TITLE_MAX - suffix.length).replace(/[\uD800-\uDBFF]$/, '');
  return cut + suffix;
}

/** The goods list: filters, paging, price and stock from the SKUs. */
export async function list(ctx: Ctx, q: ListInput) {
  const { rows, total, estimated } = await repo.pageInCategory(tenantOf(ctx), q.categoryId, {
    keyword: q.keyword,
    status: q.status,
    type: q.type,
    minPriceFen: q.minPrice,
    maxPriceFen: q.maxPrice,
    minStock: q.minStock,
    maxStock: q.maxStock,
    sorter: q.sorter,
    ...pageWindow(q),
  });
  // Past COUNT_BOUND matches the total is the planner's estimate (DESIGN §8), flagged for the pager.
  return { rows: rows.map(listRow), total_count: total, ...(estimated ? { total_estimated: true } : {}) };
}

/** One goods with its specs and SKUs, money in yuan. */
export async function detail(ctx: Ctx, id: string) {
  const g = await found(tenantOf(ctx), id);
  const skus = await repo.skus(tenantOf(ctx), id);
  return {
    // Price span and total stock as the goods row keeps them (the goods_skus triggers).
    ...listRow(g),
    unitId: g.unitId,
    images: g.images,
    sellingPoint: g.sellingPoint,
    description: g.description,
    specs: g.specNames,
    skus: skus.map(skuRow),
    joinvip: g.joinVip,
    showvipprice: g.showVipPrice,
    havevipprice: g.haveVipPrice,
    trackSerial: g.trackSerial,
    purchaseLimit: g.purchaseLimit,
    postFee: fenToYuan(g.postFeeFen),
    ...(await extrasOfDetail(tenantOf(ctx), g)),
    updateTime: fmtTime(g.updatedAt),
  };
}

/** The goods columns of a save body (money in fen, description sanitised); startSaleAt as save checked it. */
export function goodsValuesOf(input: SaveInput, startSaleAt: Date | null) {
  return {
    title: input.title,
    type: input.type,
    categoryId: input.categoryId ?? null,
    unitId: input.unitId ?? null,
    mainImage: input.mainImage || input.images[0] || '',
    images: input.images,
    sellingPoint: input.sellingPoint,
    description: sanitizeHtml(input.description),
    specNames: input.specs,
    status: input.status,
    startSaleAt,
    sort: input.sort,
    joinVip: input.joinvip,
    showVipPrice: input.showvipprice,
    haveVipPrice: input.havevipprice,
    trackSerial: input.trackSerial,
    purchaseLimit: input.purchaseLimit,
    postFeeFen: input.postFee,
  };
}

/**
 * Creates or replaces a goods with its SKU matrix. On an update a SKU whose value combination is still in the matrix
 * keeps its id (and whatever refers to it); the others are removed.
 */
export async function save(ctx: Ctx, input: SaveInput): Promise<{ id: string }> {
  const { renterId, userId } = renterOf(ctx);
  const matrix = buildMatrix(input.specs, input.skus);
  let startSaleAt: Date | null = null;
  if (input.status === 2) {
    if (!input.startSaleAt) throw fieldError('startSaleAt', '请选择开售时间');
    startSaleAt = parseTime(input.startSaleAt);
    if (Number.isNaN(startSaleAt.getTime())) throw fieldError('startSaleAt', '开售时间不正确');
  }
  if (input.categoryId && (await repo.categoryPath(tenantOf(ctx), input.categoryId)) === undefined) {
    throw fieldError('categoryId', '商品分类不存在');
  }
  if (input.unitId && !(await repo.unitExists(tenantOf(ctx), input.unitId))) throw fieldError('unitId', '商品单位不存在');
  const values = goodsValuesOf(input, startSaleAt);
  return inTx(ctx, async (tx) => {
    await repo.lockNumbers(tenantOf(tx));
    // Delivery, post-fee mode, warranty and extensions (property keys checked under their lock). The goods row is
    // locked before its SKUs are read: every stock move queues on it, so the stock read below is the stock now.
    const before = input.id ? await found(tenantOf(tx), input.id, true) : undefined;
    const extras = await extrasOfSave(tenantOf(tx), input, before?.freightTemplateId);
    const goodsNo = input.goodsNo || before?.goodsNo || (await newGoodsNo(tenantOf(tx)));
    if (await repo.byNo(tenantOf(tx), goodsNo, before?.id)) throw fieldError('goodsNo', '商品编号已存在');
    if (!before) {
      const created = await repo.insert(tx.db, { renterId, goodsNo, createdBy: userId, ...values, ...extras });
      await emit(tx, 'goods.created', renterId, { goodsId: created.id, goodsNo, title: created.title });
      await repo.insertSkus(
        tx.db,
        matrix.map(({ stockSeen: _seen, ...m }) => ({ renterId, goodsId: created.id, ...m, stock: 0 })),
      );
      await openStock(tx, renterId, created.id, matrix, '新建商品');
      await audit(tx, {
        module: 'goods',
        action: '新建商品',
        recordId: created.id,
        after: { goodsNo, ...values, ...extras, skus: matrix },
      });
      return { id: created.id };
    }
    const oldSkus = await repo.skus(tenantOf(tx), before.id);
    const byKey = new Map(oldSkus.map((s) => [s.skuKey, s]));
    // Removed first: a kept SKU may take over a barcode or code a removed one had.
    const removed = oldSkus.filter((s) => !matrix.some((m) => m.skuKey === s.skuKey));
    await repo.deleteSkus(
      tenantOf(tx),
      removed.map((s) => s.id),
    );
    const added = [];
    const adjusted: StockMove[] = [];
    for (const { stock, stockSeen, ...m } of matrix) {
      const old = byKey.get(m.skuKey);
      if (!old) {
        added.push({ ...m, stock });
        continue;
      }
      await repo.updateSku(tenantOf(tx), old.id, m);
      // Stock the merchant left as the form showed it: what sold (or came back) meanwhile stands.
      if (stockSeen !== undefined && stockSeen === stock) continue;
      const key = freshStockKey(STOCK_REASON.adjust, old.id);
      adjusted.push({ skuId: old.id, setTo: stock, reason: STOCK_REASON.adjust, note: CONSOLE_STOCK_NOTE, key });
    }
    await moveStock(tx, renterId, adjusted);
    await repo.insertSkus(
      tx.db,
      added.map((m) => ({ renterId, goodsId: before.id, ...m, stock: 0 })),
    );
    await openStock(tx, renterId, before.id, added, '新增规格');
    await repo.update(tenantOf(tx), [before.id], { goodsNo, ...values, ...extras });
    await audit(tx, {
      module: 'goods',
      action: '编辑商品',
      recordId: before.id,
      before: { ...before, skus: oldSkus },
      after: { goodsNo, ...values, ...extras, skus: matrix },
    });
    return { id: before.id };
  });
}

/**
 * The opening stock of SKUs just inserted (with stock 0) into a goods: one ledger row each that has stock, found by
 * their combination (sku_key).
 */
export async function openStock(tx: Ctx, renterId: string, goodsId: string, wanted: { skuKey: string; stock: number }[], note: string) {
  if (!wanted.some((w) => w.stock > 0)) return;
  const ids = new Map((await repo.skus(tenantFor(tx, renterId), goodsId)).map((s) => [s.skuKey, s.id]));
  await moveStock(
    tx,
    renterId,
    wanted
      .filter((w) => w.stock > 0 && ids.has(w.skuKey))
      .map((w) => {
        const skuId = ids.get(w.skuKey) as string;
        return { skuId, setTo: w.stock, reason: STOCK_REASON.opening, note, key: `opening:${skuId}` };
      }),
  );
}

/** Puts goods on sale (1) or takes them off the shelf (0); a scheduled start is dropped either way. */
export async function setStatus(ctx: Ctx, ids: string[], status: 0 | 1) {
  await lockUpdateAudit(ctx, {
    lock: (tx) => allFound(tenantOf(tx), ids, true),
    update: (tx, rows) =>
      repo.update(
        tenantOf(tx),
        rows.map((r) => r.id),
        { status, startSaleAt: null },
      ),
    audit: (rows) => ({
      module: 'goods',
      action: status === 1 ? '上架商品' : '下架商品',
      recordId: rows.map((r) => r.id).join(','),
      before: rows.map((r) => ({ id: r.id, status: r.status })),
      after: { status },
    }),
  });
}

/** Deletes goods with their SKUs. */
export async function remove(ctx: Ctx, ids: string[]) {
  await lockUpdateAudit(ctx, {
    lock: (tx) => allFound(tenantOf(tx), ids, true),
    update: (tx, rows) =>
      repo.delete(
        tenantOf(tx),
        rows.map((r) => r.id),
      ),
    audit: (rows) => ({
      module: 'goods',
      action: '删除商品',
      recordId: rows.map((r) => r.id).join(','),
      before: rows.map((r) => ({ id: r.id, goodsNo: r.goodsNo, title: r.title })),
    }),
  });
}

/** Sets the prices of some SKUs of one goods. */
export async function editPrice(ctx: Ctx, input: PriceInput) {
  await inTx(ctx, async (tx) => {
    await found(tenantOf(tx), input.id);
    const skus = new Map((await repo.skus(tenantOf(tx), input.id)).map((s) => [s.id, s]));
    if (input.skus.some((s) => !skus.has(s.skuId))) throw new BizError('规格不存在', CODE.notFound);
    for (const s of input.skus) await repo.updateSku(tenantOf(tx), s.skuId, { priceFen: s.price });
    await repo.update(tenantOf(tx), [input.id], {});
    await audit(tx, {
      module: 'goods',
      action: '修改价格',
      recordId: input.id,
      before: input.skus.map((s) => ({ skuId: s.skuId, price: fenToYuan(skus.get(s.skuId)?.priceFen ?? 0) })),
      after: input.skus.map((s) => ({ skuId: s.skuId, price: fenToYuan(s.price) })),
    });
  });
}

export async function editSort(ctx: Ctx, id: string, sort: number) {
  await lockUpdateAudit(ctx, {
    lock: (tx) => found(tenantOf(tx), id, true),
    update: (tx) => repo.update(tenantOf(tx), [id], { sort }),
    audit: (g) => ({ module: 'goods', action: '修改排序', recordId: id, before: { sort: g.sort }, after: { sort } }),
  });
}

/** Copies a goods and its SKUs under a new number and the title "<title> 副本", off the shelf. */
export async function copy(ctx: Ctx, id: string): Promise<{ id: string }> {
  const { renterId, userId } = renterOf(ctx);
  return inTx(ctx, async (tx) => {
    await repo.lockNumbers(tenantOf(tx));
    const { id: _id, goodsNo: _no, createdAt: _c, updatedAt: _u, ...g } = await found(tenantOf(tx), id);
    const goodsNo = await newGoodsNo(tenantOf(tx));
    const created = await repo.insert(tx.db, { ...g, title: copyTitle(g.title), goodsNo, status: 0, startSaleAt: null, createdBy: userId });
    await emit(tx, 'goods.created', renterId, { goodsId: created.id, goodsNo, title: created.title });
    const skus = await repo.skus(tenantOf(tx), id);
    await repo.insertSkus(
      tx.db,
      skus.map(({ id: _s, createdAt: _sc, updatedAt: _su, ...s }) => ({ ...s, goodsId: created.id, stock: 0 })),
    );
    await openStock(tx, renterId, created.id, skus, '复制商品');
    await audit(tx, { module: 'goods', action: '复制商品', recordId: created.id, after: { from: id, goodsNo } });
    return { id: created.id };
  });
}

export async function changeType(ctx: Ctx, ids: string[], type: 1 | 2 | 3) {
  await lockUpdateAudit(ctx, {
    lock: (tx) => allFound(tenantOf(tx), ids, true),
    update: (tx, rows) =>
      repo.update(
        tenantOf(tx),
        rows.map((r) => r.id),
        { type },
      ),
    audit: (rows) => ({
      module: 'goods',
      action: '修改商品类型',
      recordId: rows.map((r) => r.id).join(','),
      before: rows.map((r) => ({ id: r.id, type: r.type })),
      after: { type },
    }),
  });
}
