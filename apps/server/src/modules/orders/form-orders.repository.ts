import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import { contains } from '@/core/like';
import { sumFen } from '@/core/money';
import { paged, sortBy } from '@/core/paging';
import type { Db } from '@/db/client';
import { formOrderTakes, formOrders } from '@/db/schema';
import type { Tenant } from '@/core/tenant';

export type FormOrderRow = typeof formOrders.$inferSelect;

const SORTS = {
  orderNo: formOrders.orderNo,
  amount: formOrders.amountFen,
  status: formOrders.status,
  createTime: formOrders.createdAt,
  payTime: formOrders.paidAt,
} as const;

export interface FormOrderQuery {
  renterId: string;
  keyword: string;
  /** With a keyword: the renter's forms whose name contains it (forms answers them), whose orders match too. */
  keywordFormIds: string[];
  status: number;
  from: Date | null;
  /** Exclusive end. */
  before: Date | null;
  offset: number;
  limit: number;
  sorter: { field: string; order: string }[];
}

export const formOrderRepo = {
  async page(db: Db, q: FormOrderQuery) {
    const conds: SQL[] = [eq(formOrders.renterId, q.renterId)];
    if (q.status >= 0) conds.push(eq(formOrders.status, q.status));
    if (q.keyword)
      conds.push(
        or(
          ilike(formOrders.orderNo, contains(q.keyword)),
          ilike(formOrders.phone, contains(q.keyword)),
          ...(q.keywordFormIds.length ? [inArray(formOrders.formId, q.keywordFormIds)] : []),
        ) as SQL,
      );
    if (q.from) conds.push(gte(formOrders.createdAt, q.from));
    if (q.before) conds.push(lt(formOrders.createdAt, q.before));
    const where = and(...conds);
    return paged(
      db
        .select()
        .from(formOrders)
        .where(where)
        .orderBy(...sortBy(q.sorter, SORTS), desc(formOrders.createdAt), desc(formOrders.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(formOrders).where(where),
    );
  },
  async byId(tenant: Tenant, id: string): Promise<FormOrderRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(formOrders)
      .where(and(eq(formOrders.renterId, renterId), eq(formOrders.id, id)))
      .limit(1);
    return r;
  },
  /** The order numbers of these submissions' orders. */
  async noOfSubmissions(tenant: Tenant, submissionIds: string[]): Promise<{ submissionId: string; orderNo: string }[]> {
    const { db, renterId } = tenant;
    if (submissionIds.length === 0) return [];
    return db
      .select({ submissionId: formOrders.submissionId, orderNo: formOrders.orderNo })
      .from(formOrders)
      .where(and(eq(formOrders.renterId, renterId), inArray(formOrders.submissionId, submissionIds)));
  },
  /** The order, locked for the rest of the transaction. */
  async lock(tenant: Tenant, id: string): Promise<FormOrderRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(formOrders)
      .where(and(eq(formOrders.renterId, renterId), eq(formOrders.id, id)))
      .for('update');
    return r;
  },
  async lockByCode(tenant: Tenant, code: string): Promise<FormOrderRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(formOrders)
      .where(and(eq(formOrders.renterId, renterId), eq(formOrders.verifyCode, code)))
      .for('update');
    return r;
  },
  async byIdPublic(db: Db, id: string): Promise<FormOrderRow | undefined> {
    const [r] = await db.select().from(formOrders).where(eq(formOrders.id, id)).limit(1);
    return r;
  },
  async insert(db: Db, v: typeof formOrders.$inferInsert): Promise<FormOrderRow> {
    const [r] = await db.insert(formOrders).values(v).returning();
    return r;
  },
  async setNotes(tenant: Tenant, id: string, notes: string) {
    const { db, renterId } = tenant;
    await db
      .update(formOrders)
      .set({ sellerNotes: notes })
      .where(and(eq(formOrders.renterId, renterId), eq(formOrders.id, id)));
  },
  /** Unpaid orders older than the cut-off, for the auto-cancel sweep. */
};

export const takeRepo = {
  async insert(db: Db, v: typeof formOrderTakes.$inferInsert) {
    await db.insert(formOrderTakes).values(v);
  },
  async page(db: Db, q: { renterId: string; keyword: string; from: Date | null; before: Date | null; offset: number; limit: number }) {
    const conds: SQL[] = [eq(formOrderTakes.renterId, q.renterId)];
    if (q.keyword) conds.push(or(ilike(formOrders.orderNo, contains(q.keyword)), ilike(formOrderTakes.code, contains(q.keyword))) as SQL);
    if (q.from) conds.push(gte(formOrderTakes.createdAt, q.from));
    if (q.before) conds.push(lt(formOrderTakes.createdAt, q.before));
    const where = and(...conds);
    const joinOrder = and(eq(formOrders.id, formOrderTakes.orderId), eq(formOrders.renterId, formOrderTakes.renterId));
    const [rows, [{ n }]] = await Promise.all([
      db
        .select({ t: formOrderTakes, orderNo: formOrders.orderNo, formId: formOrders.formId })
        .from(formOrderTakes)
        .leftJoin(formOrders, joinOrder)
        .where(where)
        .orderBy(desc(formOrderTakes.createdAt))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(formOrderTakes).leftJoin(formOrders, joinOrder).where(where),
    ]);
    return { rows, total: Number(n) };
  },
};

/** The dashboard's form order figures (home). */
export const formOrderFiguresRepo = {
  /** Orders to verify (paid, status 1) and what was paid since `since` (paid or verified), in fen. */
  async of(tenant: Tenant, since: Date) {
    const { db, renterId } = tenant;
    const [[c], [d]] = await Promise.all([
      db
        .select({ n: count() })
        .from(formOrders)
        .where(and(eq(formOrders.renterId, renterId), eq(formOrders.status, 1))),
      db
        .select({ fen: sumFen(formOrders.amountFen) })
        .from(formOrders)
        .where(and(eq(formOrders.renterId, renterId), gte(formOrders.paidAt, since), inArray(formOrders.status, [1, 2]))),
    ]);
    return { ordersToVerify: Number(c.n), paidSinceFen: d.fen };
  },
};
