import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tenant } from '@/core/tenant';

type NamedTable = PgTable & { id: AnyPgColumn; renterId: AnyPgColumn; name: AnyPgColumn };

/**
 * Whether the renter has a row of this name other than `exceptId` (tags, groups, rights cards: a name is unique within
 * a renter; the save asks first for the friendly message, under the renter's write lock or the unique index).
 */
export async function nameTaken(tenant: Tenant, table: NamedTable, name: string, exceptId?: string): Promise<boolean> {
  const conds: SQL[] = [eq(table.renterId, tenant.renterId), eq(table.name, name)];
  if (exceptId) conds.push(ne(table.id, exceptId));
  const [r] = await tenant.db
    .select({ id: table.id })
    .from(table)
    .where(and(...conds))
    .limit(1);
  return r !== undefined;
}
