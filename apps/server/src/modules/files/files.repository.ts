import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { files, visitorUploadCounts } from './files.tables';
import type { Tenant } from '@/core/tenant';
import { tenantTable } from '@/core/tenant-repo';

export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert;

/** Every query names the renter: another renter's file behaves as a missing one (DESIGN §4). */
const fileRows = tenantTable(files);

export const filesRepo = {
  async insert(db: Db, v: NewFile): Promise<FileRow> {
    const [row] = await db.insert(files).values(v).returning();
    return row;
  },

  byId: fileRows.byId,

  byIds: fileRows.byIds,

  async remove(tenant: Tenant, id: string): Promise<void> {
    const { db, renterId } = tenant;
    await db.delete(files).where(and(eq(files.renterId, renterId), eq(files.id, id)));
  },

  /** Unclaimed uploads of one visitor in one scope. */
  async countUnclaimed(tenant: Tenant, scope: string, visitor?: string): Promise<number> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ n: count() })
      .from(files)
      .where(
        and(
          eq(files.renterId, renterId),
          eq(files.scope, scope),
          eq(files.ownerType, 'visitor'),
          visitor === undefined ? undefined : eq(files.ownerId, visitor),
          isNull(files.attachedTo),
        ),
      );
    return r?.n ?? 0;
  },

  /** Locks the customer's (visitor's or member's) unclaimed files among the urls, so two submissions cannot claim one file. */
  async lockUnclaimed(tenant: Tenant, scope: string, owner: { type: string; id: string }, urls: string[]): Promise<FileRow[]> {
    const { db, renterId } = tenant;
    return db
      .select()
      .from(files)
      .where(
        and(
          eq(files.renterId, renterId),
          inArray(files.url, urls),
          eq(files.scope, scope),
          eq(files.ownerType, owner.type),
          eq(files.ownerId, owner.id),
          isNull(files.attachedTo),
        ),
      )
      .for('update');
  },

  async attach(tenant: Tenant, ids: string[], attachedTo: string): Promise<void> {
    const { db, renterId } = tenant;
    await db
      .update(files)
      .set({ attachedTo })
      .where(and(eq(files.renterId, renterId), inArray(files.id, ids)));
  },

  /**
   * Takes one of `cap` places of a visitor ('' for all visitors) in a scope: +1 only while below the cap, in one
   * statement, so parallel uploads can never together pass it. True when a place was taken.
   */
  async takeUploadPlace(tenant: Tenant, scope: string, visitor: string, cap: number): Promise<boolean> {
    const { db, renterId } = tenant;
    const rows = await db
      .insert(visitorUploadCounts)
      .values({ renterId, scope, visitor, held: 1 })
      .onConflictDoUpdate({
        target: [visitorUploadCounts.renterId, visitorUploadCounts.scope, visitorUploadCounts.visitor],
        set: { held: sql`${visitorUploadCounts.held} + 1` },
        where: sql`${visitorUploadCounts.held} < ${cap}::int`,
      })
      .returning({ held: visitorUploadCounts.held });
    return rows.length > 0;
  },

  /** Gives back n places of a visitor ('' for all visitors) in a scope: images claimed, deleted or never stored. */
  async releaseUploadPlaces(tenant: Tenant, scope: string, visitor: string, n: number): Promise<void> {
    const { db, renterId } = tenant;
    if (n <= 0) return;
    await db
      .update(visitorUploadCounts)
      .set({ held: sql`greatest(${visitorUploadCounts.held} - ${n}::int, 0)` })
      .where(
        and(
          eq(visitorUploadCounts.renterId, renterId),
          eq(visitorUploadCounts.scope, scope),
          inArray(visitorUploadCounts.visitor, visitor === '' ? [''] : [visitor, '']),
        ),
      );
  },
};
