import { fenToYuan, GOODS_TITLE_MAX, type goodsEditPriceBody, type goodsListBody, type goodsSaveBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { lockUpdateAudit } from '@/core/locked-update';
import { BizError, CODE, fieldError } from '@/core/errors';
import { emit } from '@/core/jobs';
import { nextSequence, peekSequence } from '@/core/sequence';
import { fmtTime, parseTime } from '@/core/time';
import type { Db } from '@/db/client';
import { extrasOfDetail, extrasOfSave } from './goods-extras.service';
import { goodsSummary } from './goods.filter';
import { buildMatrix } from './goods.matrix';
import { type GoodsListRow, type GoodsRow, type GoodsSkuRow, goodsRepo as repo } from './goods.repository';
import { sanitizeHtml } from './goods.sanitize';
import { pageWindow } from '@/core/paging';

type SaveInput = z.output<typeof goodsSaveBody>;
type ListInput = z.output<typeof goodsListBody>;
type PriceInput = z.output<typeof goodsEditPriceBody>;

const notFound = () => new BizError('商品不存在', CODE.notFound);

async function found(db: Db, renterId: string, id: string, lock = false): Promise<GoodsRow> {
  const g = await repo.byId(db, renterId, id, lock);
  if (!g) throw notFound();
  return g;
}

/** All of ids, or the refusal: another renter's id is as missing as an unknown one. */
async function allFound(db: Db, renterId: string, ids: string[], lock = false): Promise<GoodsRow[]> {
  const unique = [...new Set(ids)];
  const rows = await repo.byIds(db, renterId, unique, lock);
  if (rows.length !== unique.length) throw notFound();
  return rows;
}

/** The goods number of a value of the enterprise's 'goods_no' counter. */
export const goodsNoOf = (n: number) => `SP${String(n).padStart(6, '0')}`;

/** A new goods number: SP + the enterprise's counter, skipping numbers someone typed in by hand. */
async function newGoodsNo(db: Db, renterId: string): Promise<string> {
  for (;;) {
    const no = goodsNoOf(await nextSequence(db, renterId, 'goods_no'));
    if (!(await repo.byNo(db, renterId, no))) return no;
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
  const { renterId } = renterOf(ctx);
  for (let n = await peekSequence(ctx.db, renterId, 'goods_no'); ; n++) {
    const no = goodsNoOf(n);
    if (!(await repo.byNo(ctx.db, renterId, no))) return { goodsNo: no };
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
  const { renterId } = renterOf(ctx);
  const { rows, total, estimated } = await repo.pageInCategory(ctx.db, renterId, q.categoryId, {
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
  const { renterId } = renterOf(ctx);
  const g = await found(ctx.db, renterId, id);
  const skus = await repo.skus(ctx.db, renterId, id);
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
    ...(await extrasOfDetail(ctx.db, renterId, g)),
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
  if (input.categoryId && (await repo.categoryPath(ctx.db, renterId, input.categoryId)) === undefined) {
    throw fieldError('categoryId', '商品分类不存在');
  }
  if (input.unitId && !(await repo.unitExists(ctx.db, renterId, input.unitId))) throw fieldError('unitId', '商品单位不存在');
  const values = goodsValuesOf(input, startSaleAt);
  return inTx(ctx, async (tx) => {
    await repo.lockNumbers(tx.db, renterId);
    // Delivery, post-fee mode, warranty and extensions (property keys checked under their lock).
    const extras = await extrasOfSave(tx.db, renterId, input);
    const before = input.id ? await found(tx.db, renterId, input.id) : undefined;
    const goodsNo = input.goodsNo || before?.goodsNo || (await newGoodsNo(tx.db, renterId));
    if (await repo.byNo(tx.db, renterId, goodsNo, before?.id)) throw fieldError('goodsNo', '商品编号已存在');
    if (!before) {
      const created = await repo.insert(tx.db, { renterId, goodsNo, createdBy: userId, ...values, ...extras });
      await emit(tx, 'goods.created', renterId, { goodsId: created.id, goodsNo, title: created.title });
      await repo.insertSkus(
        tx.db,
        matrix.map((m) => ({ renterId, goodsId: created.id, ...m })),
      );
      await audit(tx, {
        module: 'goods',
        action: '新建商品',
        recordId: created.id,
        after: { goodsNo, ...values, ...extras, skus: matrix },
      });
      return { id: created.id };
    }
    const oldSkus = await repo.skus(tx.db, renterId, before.id);
    const byKey = new Map(oldSkus.map((s) => [s.skuKey, s]));
    // Removed first: a kept SKU may take over a barcode or code a removed one had.
    const removed = oldSkus.filter((s) => !matrix.some((m) => m.skuKey === s.skuKey));
    await repo.deleteSkus(
      tx.db,
      renterId,
      removed.map((s) => s.id),
    );
    const added = [];
    for (const m of matrix) {
      const old = byKey.get(m.skuKey);
      if (old) await repo.updateSku(tx.db, renterId, old.id, m);
      else added.push({ renterId, goodsId: before.id, ...m });
    }
    await repo.insertSkus(tx.db, added);
    await repo.update(tx.db, renterId, [before.id], { goodsNo, ...values, ...extras });
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

/** Puts goods on sale (1) or takes them off the shelf (0); a scheduled start is dropped either way. */
export async function setStatus(ctx: Ctx, ids: string[], status: 0 | 1) {
  const { renterId } = renterOf(ctx);
  await lockUpdateAudit(ctx, {
    lock: (tx) => allFound(tx.db, renterId, ids, true),
    update: (tx, rows) =>
      repo.update(
        tx.db,
        renterId,
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
  const { renterId } = renterOf(ctx);
  await lockUpdateAudit(ctx, {
    lock: (tx) => allFound(tx.db, renterId, ids, true),
    update: (tx, rows) =>
      repo.delete(
        tx.db,
        renterId,
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
  const { renterId } = renterOf(ctx);
  await inTx(ctx, async (tx) => {
    await found(tx.db, renterId, input.id);
    const skus = new Map((await repo.skus(tx.db, renterId, input.id)).map((s) => [s.id, s]));
    if (input.skus.some((s) => !skus.has(s.skuId))) throw new BizError('规格不存在', CODE.notFound);
    for (const s of input.skus) await repo.updateSku(tx.db, renterId, s.skuId, { priceFen: s.price });
    await repo.update(tx.db, renterId, [input.id], {});
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
  const { renterId } = renterOf(ctx);
  await lockUpdateAudit(ctx, {
    lock: (tx) => found(tx.db, renterId, id, true),
    update: (tx) => repo.update(tx.db, renterId, [id], { sort }),
    audit: (g) => ({ module: 'goods', action: '修改排序', recordId: id, before: { sort: g.sort }, after: { sort } }),
  });
}

/** Copies a goods and its SKUs under a new number and the title "<title> 副本", off the shelf. */
export async function copy(ctx: Ctx, id: string): Promise<{ id: string }> {
  const { renterId, userId } = renterOf(ctx);
  return inTx(ctx, async (tx) => {
    await repo.lockNumbers(tx.db, renterId);
    const { id: _id, goodsNo: _no, createdAt: _c, updatedAt: _u, ...g } = await found(tx.db, renterId, id);
    const goodsNo = await newGoodsNo(tx.db, renterId);
    const created = await repo.insert(tx.db, { ...g, title: copyTitle(g.title), goodsNo, status: 0, startSaleAt: null, createdBy: userId });
    await emit(tx, 'goods.created', renterId, { goodsId: created.id, goodsNo, title: created.title });
    const skus = await repo.skus(tx.db, renterId, id);
    await repo.insertSkus(
      tx.db,
      skus.map(({ id: _s, createdAt: _sc, updatedAt: _su, ...s }) => ({ ...s, goodsId: created.id })),
    );
    await audit(tx, { module: 'goods', action: '复制商品', recordId: created.id, after: { from: id, goodsNo } });
    return { id: created.id };
  });
}

export async function changeType(ctx: Ctx, ids: string[], type: 1 | 2 | 3) {
  const { renterId } = renterOf(ctx);
  await lockUpdateAudit(ctx, {
    lock: (tx) => allFound(tx.db, renterId, ids, true),
    update: (tx, rows) =>
      repo.update(
        tx.db,
        renterId,
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
