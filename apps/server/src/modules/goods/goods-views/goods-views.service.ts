import {
  type availableGoodsBody,
  fenToYuan,
  type goodsBatchSortBody,
  type goodsPageListBody,
  type goodsSortListBody,
  type promotionGoodsBody,
  type skuPageListBody,
} from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { fmtTime } from '@/core/time';
import { goodsSummary } from '@/modules/goods/goods/goods.filter';
import { type GoodsFilter, goodsViewsRepo as repo } from './goods-views.repository';
import { pageWindow } from '@/core/paging';
import type { Tenant } from '@/core/tenant';
import { tenantOf } from '@/core/tenant';

type GoodsRow = Awaited<ReturnType<typeof repo.pick>>['rows'][number];
type SkuRow = Awaited<ReturnType<typeof repo.skusOf>>[number];

const none = { rows: [], total_count: 0 };

/** The category filter: its path, or null when the category is unknown (or another enterprise's): nothing matches. */
async function categoryFilter(tenant: Tenant, categoryId?: string | null): Promise<{ categoryPath?: string } | null> {
  if (!categoryId) return {};
  const categoryPath = await repo.categoryPath(tenant, categoryId);
  return categoryPath === undefined ? null : { categoryPath };
}

/** The SKU's values in the goods' spec order: '红 / M' ('' without specs). */
export function specText(specNames: { name: string }[], values: Record<string, string>): string {
  return specNames
    .map((s) => values[s.name])
    .filter((v) => v !== undefined)
    .join(' / ');
}

const cardRow = ({ g, categoryName, skuCount }: Awaited<ReturnType<typeof repo.cards>>['rows'][number]) => ({
  ...goodsSummary(g),
  categoryName,
  skuCount: Number(skuCount),
});

/** GoodsPagelist (/Glist): goods cards with keyword, category subtree and status tab, in display order. */
export async function goodsPageList(ctx: Ctx, q: z.output<typeof goodsPageListBody>) {
  const cat = await categoryFilter(tenantOf(ctx), q.categoryId);
  if (!cat) return none;
  const { rows, total } = await repo.cards(tenantOf(ctx), { keyword: q.keyword, status: q.status, ...cat }, pageWindow(q));
  return { rows: rows.map(cardRow), total_count: total };
}

/** SortPagelist (/goodsSort): the on-sale and scheduled goods in the shop's order. */
export async function sortPageList(ctx: Ctx, q: z.output<typeof goodsSortListBody>) {
  const cat = await categoryFilter(tenantOf(ctx), q.categoryId);
  if (!cat) return none;
  const { rows, total } = await repo.cards(tenantOf(ctx), { keyword: q.keyword, onSaleOrScheduled: true, ...cat }, pageWindow(q));
  return { rows: rows.map(cardRow), total_count: total };
}

/** SkuPagelist (/goodsList): one row per SKU, filtered, sorted by SKU price or stock. */
export async function skuPageList(ctx: Ctx, q: z.output<typeof skuPageListBody>) {
  const cat = await categoryFilter(tenantOf(ctx), q.categoryId);
  if (!cat) return none;
  const { rows, total } = await repo.skus(
    tenantOf(ctx),
    { keyword: q.keyword, status: q.status, lowStock: q.lowStock, sorter: q.sorter, ...cat },
    pageWindow(q),
  );
  return {
    rows: rows.map(({ s, g }) => ({
      skuId: s.id,
      goodsId: g.id,
      goodsNo: g.goodsNo,
      title: g.title,
      mainImage: g.mainImage,
      specValues: s.specValues,
      specText: specText(g.specNames, s.specValues),
      code: s.code,
      barcode: s.barcode,
      price: fenToYuan(s.priceFen),
      stock: s.stock,
      goodsStatus: g.status,
      goodsTotalStock: g.totalStock,
      startSaleAt: fmtTime(g.startSaleAt),
    })),
    total_count: total,
  };
}

/**
 * BatchSort: each listed goods moves to the given place (1 = first) in the on-sale order (status 1 and 2, smaller
 * sort first, then newest); the others keep their order around it. The whole on-sale order is then written as sort
 * values 1, 2, 3… (only the rows whose value changes), so ties never decide the order again.
 */
export async function batchSort(ctx: Ctx, list: z.output<typeof goodsBatchSortBody>['list']) {
  const ids = list.map((x) => x.id);
  if (new Set(ids).size !== ids.length) throw new BizError('商品重复', CODE.validation);
  await inTx(ctx, async (tx) => {
    await repo.lockSort(tenantOf(tx));
    const found = await repo.byIds(tenantOf(tx), ids);
    if (found.length !== ids.length) throw new BizError('商品不存在', CODE.notFound);
    const off = found.find((g) => g.status !== 1 && g.status !== 2);
    if (off) throw new BizError(`商品「${off.title}」已下架，不能参与排序`);
    const order = await repo.onSaleOrder(tenantOf(tx));
    const before = new Map(order.map((g) => [g.id, g.sort]));
    const moving = new Set(ids);
    const rest = order.filter((g) => !moving.has(g.id)).map((g) => g.id);
    // Smallest target first, so each lands where asked with the ones placed before it.
    for (const m of [...list].sort((a, b) => a.sort - b.sort)) {
      const at = Math.min(Math.max(m.sort, 1), rest.length + 1) - 1;
      rest.splice(at, 0, m.id);
    }
    const changed = rest.map((id, i) => ({ id, sort: i + 1 })).filter((r) => before.get(r.id) !== r.sort);
    await repo.setSorts(tenantOf(tx), changed);
    await audit(tx, {
      module: 'goods',
      action: '商品排序',
      recordId: ids.join(','),
      before: list.map((x) => ({ id: x.id, sort: before.get(x.id) })),
      after: list,
    });
  });
}

const pickerSku = (g: GoodsRow, s: SkuRow) => ({
  skuId: s.id,
  specValues: s.specValues,
  specText: specText(g.specNames, s.specValues),
  price: fenToYuan(s.priceFen),
  stock: s.stock,
});

async function pickerRows(tenant: Tenant, rows: GoodsRow[]) {
  const skus = await repo.skusOf(
    tenant,
    rows.map((g) => g.id),
  );
  return rows.map((g) => ({
    id: g.id,
    goodsNo: g.goodsNo,
    title: g.title,
    mainImage: g.mainImage,
    categoryId: g.categoryId,
    status: g.status,
    minPrice: fenToYuan(g.minPriceFen),
    maxPrice: fenToYuan(g.maxPriceFen),
    totalStock: g.totalStock,
    skus: skus.filter((s) => s.goodsId === g.id).map((s) => pickerSku(g, s)),
  }));
}

async function pick(
  ctx: Ctx,
  q: { keyword: string; categoryId?: string | null; excludeIds: string[]; page_index: number; page_size: number },
  f: GoodsFilter,
) {
  const cat = await categoryFilter(tenantOf(ctx), q.categoryId);
  if (!cat) return null;
  const page = await repo.pick(tenantOf(ctx), { ...f, excludeIds: q.excludeIds, ...cat }, pageWindow(q));
  return { rows: await pickerRows(tenantOf(ctx), page.rows), total: page.total };
}

/** GetAvailableGoods: goods sellable now (on sale, or scheduled and past the start) with stock left, with their SKUs. */
export async function availableGoods(ctx: Ctx, q: z.output<typeof availableGoodsBody>) {
  const r = await pick(ctx, q, { keyword: q.keyword, sellable: 'with_stock' });
  return r ? { rows: r.rows, total_count: r.total } : none;
}

/** GetPromotionGoods: goods on sale (stock or not), each flagged when another running or upcoming activity has it. */
export async function promotionGoods(ctx: Ctx, q: z.output<typeof promotionGoodsBody>) {
  const r = await pick(ctx, q, { keyword: q.keyword, sellable: 'any_stock' });
  if (!r) return none;
  const taken = await repo.activitiesOf(
    tenantOf(ctx),
    r.rows.map((g) => g.id),
    q.activityId ?? undefined,
  );
  return {
    rows: r.rows.map((g) => {
      const a = taken.get(g.id);
      return { ...g, inActivity: !!a, activityId: a?.id ?? '', activityName: a?.name ?? '' };
    }),
    total_count: r.total,
  };
}
