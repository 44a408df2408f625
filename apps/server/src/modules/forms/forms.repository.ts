import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { contains } from '@/core/like';
import { paged, sortBy } from '@/core/paging';
import type { Db } from '@/db/client';
import { formOrders, formSubmissions, forms } from '@/db/schema';
import type { Tenant } from '@/core/tenant';

export type FormRow = typeof forms.$inferSelect;
export type SubmissionRow = typeof formSubmissions.$inferSelect;

const SORTS = {
  frno: forms.frno,
  formName: forms.name,
  needPay: forms.needPay,
  state: forms.state,
  applyCount: forms.applyCount,
  createTime: forms.createdAt,
} as const;

export interface FormListQuery {
  renterId: string;
  keyword: string;
  offset: number;
  limit: number;
  sorter: { field: string; order: string }[];
}

export const formRepo = {
  async page(db: Db, q: FormListQuery) {
    const conds: SQL[] = [eq(forms.renterId, q.renterId)];
    if (q.keyword) conds.push(or(ilike(forms.name, contains(q.keyword)), ilike(forms.frno, contains(q.keyword))) as SQL);
    const where = and(...conds);
    return paged(
      db
        .select()
        .from(forms)
        .where(where)
        .orderBy(...sortBy(q.sorter, SORTS), desc(forms.createdAt), desc(forms.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(forms).where(where),
    );
  },
  async byId(tenant: Tenant, id: string): Promise<FormRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(forms)
      .where(and(eq(forms.renterId, renterId), eq(forms.id, id)))
      .limit(1);
    return r;
  },
  /** For the public page: the form by id alone (its renter comes from the row). */
  async byIdPublic(db: Db, id: string): Promise<FormRow | undefined> {
    const [r] = await db.select().from(forms).where(eq(forms.id, id)).limit(1);
    return r;
  },
  async byIds(tenant: Tenant, ids: string[]): Promise<FormRow[]> {
    const { db, renterId } = tenant;
    return db
      .select()
      .from(forms)
      .where(and(eq(forms.renterId, renterId), inArray(forms.id, ids)));
  },
  /** The names of the renter's forms of these ids. */
  async names(tenant: Tenant, ids: string[]): Promise<{ id: string; name: string }[]> {
    const { db, renterId } = tenant;
    if (ids.length === 0) return [];
    return db
      .select({ id: forms.id, name: forms.name })
      .from(forms)
      .where(and(eq(forms.renterId, renterId), inArray(forms.id, ids)));
  },
  /** Locks the rows for the rest of the transaction, so checks and writes see one state. */
  async lockByIds(tenant: Tenant, ids: string[]): Promise<FormRow[]> {
    const { db, renterId } = tenant;
    return db
      .select()
      .from(forms)
      .where(and(eq(forms.renterId, renterId), inArray(forms.id, ids)))
      .for('update');
  },
  async insert(db: Db, v: typeof forms.$inferInsert): Promise<FormRow> {
    const [r] = await db.insert(forms).values(v).returning();
    return r;
  },
  async update(tenant: Tenant, id: string, v: Partial<typeof forms.$inferInsert>) {
    const { db, renterId } = tenant;
    await db
      .update(forms)
      .set({ ...v, updatedAt: new Date() })
      .where(and(eq(forms.renterId, renterId), eq(forms.id, id)));
  },
  async setState(tenant: Tenant, ids: string[], state: number) {
    const { db, renterId } = tenant;
    await db
      .update(forms)
      .set({ state, updatedAt: new Date() })
      .where(and(eq(forms.renterId, renterId), inArray(forms.id, ids)));
  },
  async delete(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    await db.delete(forms).where(and(eq(forms.renterId, renterId), inArray(forms.id, ids)));
  },
  /** Takes one place of an active form; false when the limit is reached or the form was disabled. Atomic under concurrent submissions. */
  async takePlace(tenant: Tenant, id: string): Promise<boolean> {
    const { db, renterId } = tenant;
    const r = await db
      .update(forms)
      .set({ applyCount: sql`${forms.applyCount} + 1` })
      .where(
        and(
          eq(forms.renterId, renterId),
          eq(forms.id, id),
          eq(forms.state, 1),
          or(eq(forms.totalLimit, 0), sql`${forms.applyCount} < ${forms.totalLimit}`),
        ),
      )
      .returning({ id: forms.id });
    return r.length === 1;
  },
  async releasePlace(tenant: Tenant, id: string) {
    const { db, renterId } = tenant;
    await db
      .update(forms)
      .set({ applyCount: sql`greatest(${forms.applyCount} - 1, 0)` })
      .where(and(eq(forms.renterId, renterId), eq(forms.id, id)));
  },
};

export interface SubmissionQuery {
  renterId: string;
  formId: string;
  keyword: string;
  from: Date | null;
  /** Exclusive end. */
  before: Date | null;
}

function submissionWhere(q: SubmissionQuery) {
  const conds: SQL[] = [eq(formSubmissions.renterId, q.renterId), eq(formSubmissions.formId, q.formId)];
  if (q.keyword)
    conds.push(or(ilike(formSubmissions.searchText, contains(q.keyword)), ilike(formSubmissions.subNo, contains(q.keyword))) as SQL);
  if (q.from) conds.push(gte(formSubmissions.createdAt, q.from));
  if (q.before) conds.push(lt(formSubmissions.createdAt, q.before));
  return and(...conds);
}

export const submissionRepo = {
  async page(db: Db, q: SubmissionQuery & { offset: number; limit: number }) {
    const where = submissionWhere(q);
    const [rows, [{ n }]] = await Promise.all([
      db
        .select({ s: formSubmissions, orderNo: formOrders.orderNo })
        .from(formSubmissions)
        // A paid submission's order, for its number in the list.
        .leftJoin(formOrders, and(eq(formOrders.renterId, formSubmissions.renterId), eq(formOrders.submissionId, formSubmissions.id)))
        .where(where)
        .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(formSubmissions).where(where),
    ]);
    return { rows, total: Number(n) };
  },
  async count(db: Db, q: SubmissionQuery): Promise<number> {
    const [{ n }] = await db.select({ n: count() }).from(formSubmissions).where(submissionWhere(q));
    return Number(n);
  },
  /** Walks the matching submissions oldest first, a batch at a time (keyset), for exports. */
  async *batches(db: Db, q: SubmissionQuery, size = 500): AsyncGenerator<SubmissionRow[]> {
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const cursor: SQL | undefined = after
        ? (sql`(${formSubmissions.createdAt}, ${formSubmissions.id}) > (${after.createdAt}, ${after.id})` as SQL)
        : undefined;
      const rows: SubmissionRow[] = await db
        .select()
        .from(formSubmissions)
        .where(and(submissionWhere(q), cursor))
        .orderBy(asc(formSubmissions.createdAt), asc(formSubmissions.id))
        .limit(size);
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < size) return;
      const last = rows[rows.length - 1];
      after = { createdAt: last.createdAt, id: last.id };
    }
  },
  async byId(tenant: Tenant, id: string): Promise<SubmissionRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(formSubmissions)
      .where(and(eq(formSubmissions.renterId, renterId), eq(formSubmissions.id, id)))
      .limit(1);
    return r;
  },
  async countOfVisitor(db: Db, formId: string, visitor: string): Promise<number> {
    const [{ n }] = await db
      .select({ n: count() })
      .from(formSubmissions)
      .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.visitor, visitor), sql`${formSubmissions.status} >= 0`));
    return Number(n);
  },
  async insert(db: Db, v: typeof formSubmissions.$inferInsert): Promise<SubmissionRow> {
    const [r] = await db.insert(formSubmissions).values(v).returning();
    return r;
  },
  async setStatus(tenant: Tenant, id: string, status: number) {
    const { db, renterId } = tenant;
    await db
      .update(formSubmissions)
      .set({ status })
      .where(and(eq(formSubmissions.renterId, renterId), eq(formSubmissions.id, id)));
  },
  async lockVisitor(db: Db, formId: string, visitor: string) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`form:${formId}:${visitor}`}))`);
  },
};

/** The dashboard's form figures (home). */
export const formFiguresRepo = {
  /** Forms taking submissions now (state 1) and submissions since `since` that count (status ≥ 0). */
  async of(tenant: Tenant, since: Date) {
    const { db, renterId } = tenant;
    const [[a], [b]] = await Promise.all([
      db
        .select({ n: count() })
        .from(forms)
        .where(and(eq(forms.renterId, renterId), eq(forms.state, 1))),
      db
        .select({ n: count() })
        .from(formSubmissions)
        .where(and(eq(formSubmissions.renterId, renterId), gte(formSubmissions.createdAt, since), gte(formSubmissions.status, 0))),
    ]);
    return { activeForms: Number(a.n), submissionsSince: Number(b.n) };
  },
};
