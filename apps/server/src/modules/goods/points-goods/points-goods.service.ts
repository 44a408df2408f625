import { fenToYuan, type pointsGoodsListBody, type pointsGoodsSaveBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { lockUpdateAudit } from '@/core/locked-update';
import { BizError, CODE, fieldError } from '@/core/errors';
import { fmtTime, parseTime } from '@/core/time';
import { sanitizeHtml } from '@/modules/goods/goods/goods.sanitize';
import { type PointsGoodsRow, pointsGoodsRepo as repo } from './points-goods.repository';
import { pageWindow } from '@/core/paging';
import type { Tenant } from '@/core/tenant';
import { tenantOf } from '@/core/tenant';

type SaveInput = z.output<typeof pointsGoodsSaveBody>;
type ListInput = z.output<typeof pointsGoodsListBody>;

export const notFound = () => new BizError('积分商品不存在', CODE.notFound);

export async function found(tenant: Tenant, id: string, lock = false): Promise<PointsGoodsRow> {
  const g = await repo.byId(tenant, id, lock);
  if (!g) throw notFound();
  return g;
}

async function allFound(tenant: Tenant, ids: string[], lock = false): Promise<PointsGoodsRow[]> {
  const unique = [...new Set(ids)];
  const rows = await repo.byIds(tenant, unique, lock);
  if (rows.length !== unique.length) throw notFound();
  return rows;
}

const ended = (g: Pick<PointsGoodsRow, 'endAt'>, now = new Date()) => g.endAt !== null && g.endAt.getTime() <= now.getTime();

const listRow = (g: PointsGoodsRow) => ({
  id: g.id,
  title: g.title,
  kind: g.kind,
  goodsId: g.goodsId,
  mainImage: g.mainImage,
  points: g.points,
  cash: fenToYuan(g.cashFen),
  marketPrice: fenToYuan(g.marketPriceFen),
  stock: g.stock,
  perMemberLimit: g.perMemberLimit,
  exchanged: g.exchanged,
  status: g.status,
  sort: g.sort,
  startTime: fmtTime(g.startAt),
  endTime: fmtTime(g.endAt),
  createTime: fmtTime(g.createdAt),
});

/** '' is no bound; anything else must be a time. */
function timeOf(field: string, label: string, text: string): Date | null {
  if (!text) return null;
  const d = parseTime(text);
  if (Number.isNaN(d.getTime())) throw fieldError(field, `${label}不正确`);
  return d;
}

/** The /AGood list: keyword, status tab, kind, server paging and sorting; smaller sort first, then newest. */
export async function list(ctx: Ctx, q: ListInput) {
  const { rows, total } = await repo.page(tenantOf(ctx), {
    keyword: q.keyword,
    status: q.status,
    kind: q.kind,
    sorter: q.sorter,
    ...pageWindow(q),
  });
  return { rows: rows.map(listRow), total_count: total };
}

/** One points goods, money in yuan, with the linked goods' title. */
export async function detail(ctx: Ctx, id: string) {
  const g = await found(tenantOf(ctx), id);
  const goodsTitle = g.goodsId ? ((await repo.goodsTitle(tenantOf(ctx), g.goodsId)) ?? '') : '';
  return {
    ...listRow(g),
    images: g.images,
    description: g.description,
    goodsTitle,
    updateTime: fmtTime(g.updatedAt),
  };
}

/** Creates or replaces a points goods; the stock given is the stock left from now on. */
export async function save(ctx: Ctx, input: SaveInput): Promise<{ id: string }> {
  const { renterId, userId } = renterOf(ctx);
  const startAt = timeOf('startTime', '兑换开始时间', input.startTime);
  const endAt = timeOf('endTime', '兑换结束时间', input.endTime);
  if (startAt && endAt && startAt.getTime() >= endAt.getTime()) throw fieldError('endTime', '兑换结束时间须晚于开始时间');
  if (input.status === 1 && ended({ endAt })) throw fieldError('endTime', '兑换结束时间已过，不能上架');
  if (input.goodsId && (await repo.goodsTitle(tenantOf(ctx), input.goodsId)) === undefined) {
    throw fieldError('goodsId', '关联商品不存在');
  }
  const values = {
    title: input.title,
    kind: input.kind,
    goodsId: input.goodsId ?? null,
    mainImage: input.mainImage || input.images[0] || '',
    images: input.images,
    description: sanitizeHtml(input.description),
    points: input.points,
    cashFen: input.cash,
    marketPriceFen: input.marketPrice,
    stock: input.stock,
    perMemberLimit: input.perMemberLimit,
    status: input.status,
    sort: input.sort,
    startAt,
    endAt,
  };
  return inTx(ctx, async (tx) => {
    if (!input.id) {
      const created = await repo.insert(tx.db, { renterId, createdBy: userId, ...values });
      await audit(tx, { module: 'goods', action: '新建积分商品', recordId: created.id, after: values });
      return { id: created.id };
    }
    const before = await found(tenantOf(tx), input.id);
    await repo.update(tenantOf(tx), [before.id], values);
    await audit(tx, { module: 'goods', action: '编辑积分商品', recordId: before.id, before, after: values });
    return { id: before.id };
  });
}

/** Puts points goods on the shelf (1) or takes them off (0); one whose exchange window has ended stays off. */
export async function setStatus(ctx: Ctx, ids: string[], status: 0 | 1) {
  await lockUpdateAudit(ctx, {
    lock: (tx) => allFound(tenantOf(tx), ids, true),
    update: async (tx, rows) => {
      const over = status === 1 ? rows.find((r) => ended(r)) : undefined;
      if (over) throw new BizError(`「${over.title}」兑换时间已结束，请修改兑换时间后再上架`);
      await repo.update(
        tenantOf(tx),
        rows.map((r) => r.id),
        { status },
      );
    },
    audit: (rows) => ({
      module: 'goods',
      action: status === 1 ? '上架积分商品' : '下架积分商品',
      recordId: rows.map((r) => r.id).join(','),
      before: rows.map((r) => ({ id: r.id, status: r.status })),
      after: { status },
    }),
  });
}

/** Deletes points goods; their exchange records stay (they carry their own points and cash). */
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
      action: '删除积分商品',
      recordId: rows.map((r) => r.id).join(','),
      before: rows.map((r) => ({ id: r.id, title: r.title, stock: r.stock, exchanged: r.exchanged })),
    }),
  });
}

/** Sets the stock left. */
export async function editStock(ctx: Ctx, id: string, stock: number) {
  await lockUpdateAudit(ctx, {
    lock: (tx) => found(tenantOf(tx), id, true),
    update: (tx) => repo.update(tenantOf(tx), [id], { stock }),
    audit: (g) => ({ module: 'goods', action: '修改积分商品库存', recordId: id, before: { stock: g.stock }, after: { stock } }),
  });
}
