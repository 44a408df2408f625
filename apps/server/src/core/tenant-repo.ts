/**
 * The reads every renter-owned table repeats, bound to a Tenant (core/tenant.ts): a row by id, rows by ids, whether a
 * name is taken, a row locked for the rest of the transaction, and the update of that row (core/locked-update.ts's
 * lock → update → audit: `lock` a `lockById`, `update` an `updateById`). Each keeps to the tenant's renter (`renter_id =`), so a
 * repository built on it cannot reach another renter's row by an id. A repository keeps its own queries (lists,
 * joins, writes) beside it: `export const unitRepo = { byId: units.byId, …, async page(…) {…} }`.
 */
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tenant } from './tenant';

/** A table of one renter's rows: `renter_id` and an `id` key. */
export type RenterTable = PgTable & { renterId: PgColumn; id: PgColumn };

export interface TenantTable<Row> {
  /** `renter_id = <the tenant's>`: the condition every query of the table starts from. */
  of(tenant: Tenant): SQL;
  /** The tenant's row of this id; locked until the transaction ends with `lock`. */
  byId(tenant: Tenant, id: string, lock?: boolean): Promise<Row | undefined>;
  /** The tenant's rows of these ids (absent ones left out); with `lock`, locked in id order (no deadlock between two). */
  byIds(tenant: Tenant, ids: string[], lock?: boolean): Promise<Row[]>;
  /** The tenant's row of this id, locked until the transaction ends (read, then write). */
  lockById(tenant: Tenant, id: string): Promise<Row | undefined>;
  /** Whether another row of the tenant (not `exceptId`) has this name; needs the `name` option. */
  nameTaken(tenant: Tenant, name: string, exceptId?: string): Promise<boolean>;
  /** Sets these fields of the tenant's row of this id (the update step after a `lockById`); false when it is not there. */
  updateById(tenant: Tenant, id: string, set: Partial<Omit<Row, 'id' | 'renterId'>>): Promise<boolean>;
}

/**
 * The repeated reads of a renter's table. `name`: the column `nameTaken` compares (unique per renter, usually backed
 * by a unique index that decides under concurrent writes).
 */
export function tenantTable<T extends RenterTable>(table: T, opts: { name?: PgColumn } = {}): TenantTable<T['$inferSelect']> {
  type Row = T['$inferSelect'];
  const of = (tenant: Tenant) => eq(table.renterId, tenant.renterId);
  const byId = async (tenant: Tenant, id: string, lock = false): Promise<Row | undefined> => {
    const q = tenant.db
      .select()
      .from(table as PgTable)
      .where(and(of(tenant), eq(table.id, id)))
      .limit(1);
    const [r] = lock ? await q.for('update') : await q;
    return r as Row | undefined;
  };
  return {
    of,
    byId,
    async byIds(tenant, ids, lock = false) {
      if (ids.length === 0) return [];
      const q = tenant.db
        .select()
        .from(table as PgTable)
        .where(and(of(tenant), inArray(table.id, ids)));
      return (lock ? await q.orderBy(asc(table.id)).for('update') : await q) as Row[];
    },
    lockById: (tenant, id) => byId(tenant, id, true),
    async updateById(tenant, id, set) {
      const rows = await tenant.db
        .update(table as PgTable)
        .set(set as Record<string, unknown>)
        .where(and(of(tenant), eq(table.id, id)))
        .returning({ id: table.id });
      return rows.length > 0;
    },
    async nameTaken(tenant, name, exceptId) {
      const column = opts.name;
      if (!column) throw new Error('tenantTable: nameTaken needs the name column');
      const [r] = await tenant.db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(and(of(tenant), eq(column, name), exceptId ? sql`${table.id} <> ${exceptId}` : undefined))
        .limit(1);
      return !!r;
    },
  };
}
