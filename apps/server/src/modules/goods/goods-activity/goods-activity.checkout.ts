import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Ctx } from '@/core/context';
import { BizError } from '@/core/errors';
import { tenantFor } from '@/core/tenant';
import { goodsActivities, goodsActivitySkus } from '@/modules/goods/goods.tables';

/** A SKU's price in the activity running now (README "Activities at checkout"). */
export interface ActivityPrice {
  activityId: string;
  /** 1 限时折扣, 2 秒杀. */
  type: number;
  name: string;
  tag: string;
  priceFen: number;
  /** Activity stock left (stock − sold), never below 0. */
  left: number;
  /** Per member per goods; 0 unlimited. */
  perMemberLimit: number;
  endAt: Date;
}

/** An activity is running at `now`: enabled and now within [start, end). */
const runningAt = (now: Date) => and(eq(goodsActivities.status, 1), lte(goodsActivities.startAt, now), gt(goodsActivities.endAt, now));

/**
 * The running activity of each SKU (the save rules keep one enabled activity per SKU at a time; should two ever
 * overlap, the one that started first wins), by SKU id; SKUs in no running activity are absent.
 */
export async function runningActivityPrices(ctx: Ctx, renterId: string, skuIds: string[], now: Date): Promise<Map<string, ActivityPrice>> {
  if (skuIds.length === 0) return new Map();
  const { db } = tenantFor(ctx, renterId);
  const rows = await db
    .select({
      skuId: goodsActivitySkus.skuId,
      activityId: goodsActivities.id,
      type: goodsActivities.type,
      name: goodsActivities.name,
      tag: goodsActivities.tag,
      priceFen: goodsActivitySkus.priceFen,
      stock: goodsActivitySkus.stock,
      sold: goodsActivitySkus.sold,
      perMemberLimit: goodsActivities.perMemberLimit,
      endAt: goodsActivities.endAt,
    })
    .from(goodsActivitySkus)
    .innerJoin(
      goodsActivities,
      and(eq(goodsActivities.renterId, goodsActivitySkus.renterId), eq(goodsActivities.id, goodsActivitySkus.activityId)),
    )
    .where(and(eq(goodsActivitySkus.renterId, renterId), inArray(goodsActivitySkus.skuId, [...new Set(skuIds)]), runningAt(now)))
    .orderBy(goodsActivities.startAt, goodsActivities.id);
  const out = new Map<string, ActivityPrice>();
  for (const { skuId, stock, sold, ...r } of rows) if (!out.has(skuId)) out.set(skuId, { ...r, left: Math.max(0, stock - sold) });
  return out;
}

/** Units of a SKU sold (or given back) under an activity. */
export interface ActivityTake {
  activityId: string;
  skuId: string;
  qty: number;
}

/**
 * Takes activity stock for an order, in the caller's transaction: per SKU ONE conditional UPDATE
 * `sold = sold + qty WHERE sold + qty <= stock` and the activity still running at `now`; no row refuses
 * `商品「…」活动库存不足` (`title` names the goods) and the transaction rolls back.
 */
export async function takeActivityStock(tx: Ctx, renterId: string, takes: (ActivityTake & { title: string })[], now: Date): Promise<void> {
  const { db } = tenantFor(tx, renterId);
  const ordered = [...takes].sort((a, b) => (a.skuId < b.skuId ? -1 : a.skuId > b.skuId ? 1 : 0));
  for (const t of ordered) {
    const done = await db
      .update(goodsActivitySkus)
      .set({ sold: sql`${goodsActivitySkus.sold} + ${t.qty}` })
      .where(
        and(
          eq(goodsActivitySkus.renterId, renterId),
          eq(goodsActivitySkus.activityId, t.activityId),
          eq(goodsActivitySkus.skuId, t.skuId),
          sql`${goodsActivitySkus.sold} + ${t.qty} <= ${goodsActivitySkus.stock}`,
          sql`exists (select 1 from ${goodsActivities} where ${goodsActivities.renterId} = ${renterId}::uuid and ${goodsActivities.id} = ${t.activityId}::uuid and ${runningAt(now)})`,
        ),
      )
      .returning({ sold: goodsActivitySkus.sold });
    if (done.length === 0) throw new BizError(`商品「${t.title}」活动库存不足`);
  }
}

/** Gives activity stock back (an order closed): `sold` goes down, never below 0; a deleted activity has nothing to take back. */
export async function giveActivityStockBack(tx: Ctx, renterId: string, backs: ActivityTake[]): Promise<void> {
  const { db } = tenantFor(tx, renterId);
  for (const b of backs)
    await db
      .update(goodsActivitySkus)
      .set({ sold: sql`greatest(${goodsActivitySkus.sold} - ${b.qty}, 0)` })
      .where(
        and(eq(goodsActivitySkus.renterId, renterId), eq(goodsActivitySkus.activityId, b.activityId), eq(goodsActivitySkus.skuId, b.skuId)),
      );
}

/** An activity of the renter (id, name, type), or undefined: another renter's id answers like a missing one. */
export async function activityOf(ctx: Ctx, renterId: string, id: string) {
  const { db } = tenantFor(ctx, renterId);
  const [a] = await db
    .select({ id: goodsActivities.id, name: goodsActivities.name, type: goodsActivities.type })
    .from(goodsActivities)
    .where(and(eq(goodsActivities.renterId, renterId), eq(goodsActivities.id, id)))
    .limit(1);
  return a;
}
