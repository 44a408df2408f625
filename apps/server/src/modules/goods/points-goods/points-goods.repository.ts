import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { contains } from '@/core/like';
import { paged, sortBy } from '@/core/paging';
import type { Db } from '@/db/client';
import { goods, pointsGoods } from '@/db/schema';
import type { Tenant } from '@/core/tenant';

export type PointsGoodsRow = typeof pointsGoods.$inferSelect;
export type PointsGoodsInsert = typeof pointsGoods.$inferInsert;

const of = (renterId: string) => eq(pointsGoods.renterId, renterId);

const SORTS = {
  points: pointsGoods.points,
  stock: pointsGoods.stock,
  exchanged: pointsGoods.exchanged,
  sort: pointsGoods.sort,
  createTime: pointsGoods.createdAt,
} as const;

export interface PointsGoodsListQuery {
  keyword: string;
  status: 'all' | 'on_sale' | 'off_shelf' | 'sold_out';
  kind?: number;
  sorter: { field: string; order: string }[];
  offset: number;
  limit: number;
}

export const pointsGoodsRepo = {
  async page(tenant: Tenant, q: PointsGoodsListQuery) {
    const { db, renterId } = tenant;
    const conds: SQL[] = [of(renterId)];
    if (q.keyword) conds.push(ilike(pointsGoods.title, contains(q.keyword)));
    if (q.status === 'on_sale') conds.push(eq(pointsGoods.status, 1), sql`${pointsGoods.stock} > 0`);
    if (q.status === 'sold_out') conds.push(eq(pointsGoods.status, 1), eq(pointsGoods.stock, 0));
    if (q.status === 'off_shelf') conds.push(eq(pointsGoods.status, 0));
    if (q.kind !== undefined) conds.push(eq(pointsGoods.kind, q.kind));
    const where = and(...conds);
    return paged(
      db
        .select()
        .from(pointsGoods)
        .where(where)
        .orderBy(...sortBy(q.sorter, SORTS), asc(pointsGoods.sort), desc(pointsGoods.createdAt), asc(pointsGoods.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(pointsGoods).where(where),
    );
  },
  /** One row; `lock` locks it for the rest of the transaction (select … for update). */
  async byId(tenant: Tenant, id: string, lock = false): Promise<PointsGoodsRow | undefined> {
    const { db, renterId } = tenant;
    const q = db
      .select()
      .from(pointsGoods)
      .where(and(of(renterId), eq(pointsGoods.id, id)))
      .limit(1);
    const [r] = lock ? await q.for('update') : await q;
    return r;
  },
  /** Rows by id; `lock` locks them in id order for the rest of the transaction. */
  async byIds(tenant: Tenant, ids: string[], lock = false): Promise<PointsGoodsRow[]> {
    const { db, renterId } = tenant;
    const q = db
      .select()
      .from(pointsGoods)
      .where(and(of(renterId), inArray(pointsGoods.id, ids)));
    return lock ? q.orderBy(asc(pointsGoods.id)).for('update') : q;
  },
  /** The title of a catalogue goods of the renter, or undefined. */
  async goodsTitle(tenant: Tenant, goodsId: string): Promise<string | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ title: goods.title })
      .from(goods)
      .where(and(eq(goods.renterId, renterId), eq(goods.id, goodsId)))
      .limit(1);
    return r?.title;
  },
  async insert(db: Db, v: PointsGoodsInsert): Promise<PointsGoodsRow> {
    const [r] = await db.insert(pointsGoods).values(v).returning();
    return r;
  },
  async update(tenant: Tenant, ids: string[], v: Partial<PointsGoodsInsert>) {
    const { db, renterId } = tenant;
    await db
      .update(pointsGoods)
      .set({ ...v, updatedAt: new Date() })
      .where(and(of(renterId), inArray(pointsGoods.id, ids)));
  },
  async delete(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    await db.delete(pointsGoods).where(and(of(renterId), inArray(pointsGoods.id, ids)));
  },
};
