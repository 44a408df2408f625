import {
  fenText,
  fenToYuan,
  GOODS_ACTIVITY_STATE_NAMES,
  GOODS_ACTIVITY_TYPE_NAMES,
  type goodsActivityGoodsListBody,
  type goodsActivityListBody,
  type goodsActivitySaveBody,
} from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE, fieldError } from '@/core/errors';
import { fmtTime, parseTime } from '@/core/time';
import { type ActivityRow, type ActivitySkuView, goodsActivityRepo as repo } from './goods-activity.repository';
import { pageArgs, pageWindow } from '@/core/paging';
import type { Tenant } from '@/core/tenant';
import { tenantOf } from '@/core/tenant';

type SaveInput = z.output<typeof goodsActivitySaveBody>;
type ListInput = z.output<typeof goodsActivityListBody>;
type GoodsListInput = z.output<typeof goodsActivityGoodsListBody>;

const notFound = () => new BizError('活动不存在', CODE.notFound);

export const STATE = { pending: 1, running: 2, ended: 3, stopped: 4 } as const;

/** 1 未开始, 2 进行中, 3 已结束, 4 已停用: from the status and the times at `now`. */
export function stateOf(a: Pick<ActivityRow, 'status' | 'startAt' | 'endAt'>, now = new Date()): number {
  if (a.status !== 1) return STATE.stopped;
  if (a.startAt.getTime() > now.getTime()) return STATE.pending;
  if (a.endAt.getTime() > now.getTime()) return STATE.running;
  return STATE.ended;
}

async function found(tenant: Tenant, id: string): Promise<ActivityRow> {
  const a = await repo.byId(tenant, id);
  if (!a) throw notFound();
  return a;
}

/** 商品「标题（红 / M）」: how a refusal names a SKU. */
function skuLabel(title: string, specValues: Record<string, string>): string {
  const spec = Object.values(specValues).join(' / ');
  return spec ? `${title}（${spec}）` : title;
}

const head = (a: ActivityRow, now: Date) => {
  const state = stateOf(a, now);
  return {
    id: a.id,
    name: a.name,
    type: a.type,
    typeName: GOODS_ACTIVITY_TYPE_NAMES[a.type] ?? '',
    startTime: fmtTime(a.startAt),
    endTime: fmtTime(a.endAt),
    state,
    stateName: GOODS_ACTIVITY_STATE_NAMES[state],
    perMemberLimit: a.perMemberLimit,
    tag: a.tag,
  };
};

const skuRow = (s: ActivitySkuView) => ({
  skuId: s.skuId,
  specValues: s.specValues,
  price: fenToYuan(s.priceFen),
  activityPrice: fenToYuan(s.activityPriceFen),
  stock: s.stock,
  activityStock: s.activityStock,
  sold: s.sold,
});

/** The activity list: keyword, type, state, server paging; newest first by default. */
export async function list(ctx: Ctx, q: ListInput) {
  const now = new Date();
  const { rows, total } = await repo.page(tenantOf(ctx), {
    keyword: q.keyword,
    type: q.type,
    state: q.state,
    now,
    sorter: q.sorter,
    ...pageWindow(q),
  });
  return {
    rows: rows.map((a) => ({
      ...head(a, now),
      status: a.status,
      remark: a.remark,
      goodsCount: a.goodsCount,
      skuCount: a.skuCount,
      createTime: fmtTime(a.createdAt),
    })),
    total_count: total,
  };
}

/** One activity with its goods and their SKUs (activity price and stock beside the SKU's own). */
export async function detail(ctx: Ctx, id: string) {
  const a = await found(tenantOf(ctx), id);
  const skus = await repo.skus(tenantOf(ctx), id);
  const byGoods = new Map<string, ActivitySkuView[]>();
  for (const s of skus) byGoods.set(s.goodsId, [...(byGoods.get(s.goodsId) ?? []), s]);
  const goods = [...byGoods.values()].map((list) => {
    const prices = list.map((s) => s.activityPriceFen);
    return {
      goodsId: list[0].goodsId,
      goodsNo: list[0].goodsNo,
      title: list[0].title,
      mainImage: list[0].mainImage,
      minActivityPrice: fenToYuan(Math.min(...prices)),
      maxActivityPrice: fenToYuan(Math.max(...prices)),
      activityStock: list.reduce((n, s) => n + s.activityStock, 0),
      sold: list.reduce((n, s) => n + s.sold, 0),
      skuCount: list.length,
      skus: list.map(skuRow),
    };
  });
  return {
    ...head(a, new Date()),
    status: a.status,
    remark: a.remark,
    goodsCount: goods.length,
    skuCount: skus.length,
    createTime: fmtTime(a.createdAt),
    updateTime: fmtTime(a.updatedAt),
    goods,
  };
}

function timeOf(field: string, label: string, text: string): Date {
  const d = parseTime(text);
  if (Number.isNaN(d.getTime())) throw fieldError(field, `${label}不正确`);
  return d;
}

/**
 * Creates an activity or edits one that has not started; a running one may only be stopped (status 0). Every SKU's
 * activity price is at most its price and its activity stock at most its stock at the time of saving, and an enabled
 * activity may not share a SKU with another enabled activity whose time overlaps (checked under the enterprise's
 * activity lock, so two saves at once cannot both pass).
 */
export async function save(ctx: Ctx, input: SaveInput): Promise<{ id: string }> {
  const { renterId, userId } = renterOf(ctx);
  const startAt = timeOf('startTime', '开始时间', input.startTime);
  const endAt = timeOf('endTime', '结束时间', input.endTime);
  if (startAt.getTime() >= endAt.getTime()) throw fieldError('endTime', '结束时间须晚于开始时间');
  const skuIds = input.skus.map((s) => s.skuId);
  if (new Set(skuIds).size !== skuIds.length) throw new BizError('活动规格重复', CODE.validation);
  return inTx(ctx, async (tx) => {
    await repo.lock(tenantOf(tx));
    const now = new Date();
    const before = input.id ? await found(tenantOf(tx), input.id) : undefined;
    if (before) {
      const state = stateOf(before, now);
      if (state === STATE.stopped) throw new BizError('活动已停用，不能修改');
      if (state === STATE.ended) throw new BizError('活动已结束，不能修改');
      if (state === STATE.running) {
        if (input.status !== 0) throw new BizError('活动进行中，不能修改，请先停用活动');
        await repo.update(tenantOf(tx), before.id, { status: 0 });
        await audit(tx, { module: 'goods', action: '停用活动', recordId: before.id, before: { status: 1 }, after: { status: 0 } });
        return { id: before.id };
      }
    }
    if (endAt.getTime() <= now.getTime()) throw fieldError('endTime', '结束时间须晚于当前时间');
    const info = new Map((await repo.skuInfo(tenantOf(tx), skuIds)).map((s) => [s.skuId, s]));
    const rows = input.skus.map((s, i) => {
      const sku = info.get(s.skuId);
      if (!sku) throw new BizError('活动商品的规格不存在，请重新选择', CODE.notFound);
      const label = skuLabel(sku.title, sku.specValues);
      const priceFen = s.price;
      if (priceFen > sku.priceFen) {
        throw new BizError(`商品「${label}」的活动价不能高于售价¥${fenText(sku.priceFen)}`, CODE.validation, {
          errors: [{ field: `skus.${i}.price`, msg: '活动价不能高于售价' }],
        });
      }
      if (s.stock > sku.stock) {
        throw new BizError(`商品「${label}」的活动库存不能超过商品库存${sku.stock}`, CODE.validation, {
          errors: [{ field: `skus.${i}.stock`, msg: '活动库存不能超过商品库存' }],
        });
      }
      return { renterId, goodsId: sku.goodsId, skuId: s.skuId, priceFen, stock: s.stock, sort: i };
    });
    if (input.status === 1) {
      const clashes = await repo.overlapping(tenantOf(tx), skuIds, startAt, endAt, before?.id);
      // The first SKU in the merchant's order that clashes.
      const clash = skuIds.map((id) => clashes.find((c) => c.skuId === id)).find(Boolean);
      if (clash) {
        const sku = info.get(clash.skuId);
        const label = sku ? skuLabel(sku.title, sku.specValues) : '';
        throw new BizError(`商品「${label}」已参加活动「${clash.activityName}」，同一规格不能同时参加时间重叠的两个活动`);
      }
    }
    const values = {
      name: input.name,
      type: input.type,
      startAt,
      endAt,
      status: input.status,
      perMemberLimit: input.perMemberLimit,
      tag: input.tag,
      remark: input.remark,
    };
    const after = { ...values, skus: input.skus.map((s) => ({ ...s, price: fenToYuan(s.price) })) };
    let id: string;
    if (before) {
      id = before.id;
      await repo.update(tenantOf(tx), id, values);
      await audit(tx, { module: 'goods', action: '编辑活动', recordId: id, before, after });
    } else {
      id = (await repo.insert(tx.db, { renterId, createdBy: userId, ...values })).id;
      await audit(tx, { module: 'goods', action: '新建活动', recordId: id, after });
    }
    await repo.replaceSkus(
      tenantOf(tx),
      id,
      rows.map((r) => ({ ...r, activityId: id })),
    );
    return { id };
  });
}

/** Deletes activities with their SKU rows; a running one must be stopped first. */
export async function remove(ctx: Ctx, ids: string[]) {
  await inTx(ctx, async (tx) => {
    await repo.lock(tenantOf(tx));
    const unique = [...new Set(ids)];
    const rows = await repo.byIds(tenantOf(tx), unique);
    if (rows.length !== unique.length) throw notFound();
    const now = new Date();
    const running = rows.find((a) => stateOf(a, now) === STATE.running);
    if (running) throw new BizError(`活动「${running.name}」进行中，请先停用再删除`);
    await repo.delete(tenantOf(tx), unique);
    await audit(tx, {
      module: 'goods',
      action: '删除活动',
      recordId: unique.join(','),
      before: rows.map((a) => ({ id: a.id, name: a.name, status: a.status })),
    });
  });
}

/** The goods of an activity, paged, in the order they were added. */
export async function goodsList(ctx: Ctx, q: GoodsListInput) {
  await found(tenantOf(ctx), q.id);
  const { rows, total } = await repo.goodsPage(tenantOf(ctx), q.id, q.keyword, ...pageArgs(q));
  return {
    rows: rows.map((r) => ({
      goodsId: r.goodsId,
      goodsNo: r.goodsNo,
      title: r.title,
      mainImage: r.mainImage,
      minActivityPrice: fenToYuan(r.minPriceFen),
      maxActivityPrice: fenToYuan(r.maxPriceFen),
      activityStock: Number(r.activityStock),
      sold: Number(r.sold),
      skuCount: Number(r.skuCount),
    })),
    total_count: total,
  };
}

/** The SKUs of one goods in one activity. */
export async function goodsSkus(ctx: Ctx, id: string, goodsId: string) {
  await found(tenantOf(ctx), id);
  const skus = await repo.skus(tenantOf(ctx), id, goodsId);
  if (!skus.length) throw new BizError('该商品未参加此活动', CODE.notFound);
  return skus.map(skuRow);
}

/** The enabled activities a goods takes part in that have not ended, soonest first. */
export async function ofGoods(ctx: Ctx, goodsId: string, type?: number) {
  if (!(await repo.goodsExists(tenantOf(ctx), goodsId))) throw new BizError('商品不存在', CODE.notFound);
  const now = new Date();
  const rows = await repo.ofGoods(tenantOf(ctx), goodsId, now, type);
  return rows.map((r) => ({
    ...head(r.a, now),
    minActivityPrice: fenToYuan(r.minPriceFen),
    maxActivityPrice: fenToYuan(r.maxPriceFen),
  }));
}
