import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from './files.tables';

export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert;

/** Every query names the renter: another renter's file behaves as a missing one (DESIGN §4). */
export const filesRepo = {
  async insert(db: Db, v: NewFile): Promise<FileRow> {
    const [row] = await db.insert(files).values(v).returning();
    return row;
  },

  async byId(db: Db, renterId: string, id: string): Promise<FileRow | undefined> {
    const [row] = await db
      .select()
      .from(files)
      .where(and(eq(files.renterId, renterId), eq(files.id, id)))
      .limit(1);
    return row;
  },

  async byIds(db: Db, renterId: string, ids: string[]): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(files)
      .where(and(eq(files.renterId, renterId), inArray(files.id, ids)));
  },

  async remove(db: Db, renterId: string, id: string): Promise<void> {
    await db.delete(files).where(and(eq(files.renterId, renterId), eq(files.id, id)));
  },

  /** Unclaimed uploads of one visitor in one scope. */
  async countUnclaimed(db: Db, renterId: string, scope: string, visitor?: string): Promise<number> {
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

  /** Locks the visitor's unclaimed files among the urls, so two submissions cannot claim one file. */
  async lockUnclaimed(db: Db, renterId: string, scope: string, visitor: string, urls: string[]): Promise<FileRow[]> {
    return db
      .select()
      .from(files)
      .where(
        and(
          eq(files.renterId, renterId),
          inArray(files.url, urls),
          eq(files.scope, scope),
          eq(files.ownerType, 'visitor'),
          eq(files.ownerId, visitor),
          isNull(files.attachedTo),
        ),
      )
      .for('update');
  },

  async attach(db: Db, renterId: string, ids: string[], attachedTo: string): Promise<void> {
    await db
      .update(files)
      .set({ attachedTo })
      .where(and(eq(files.renterId, renterId), inArray(files.id, ids)));
  },
};
