import { and, asc, count, desc, eq, ilike, inArray, isNull, type SQL, sql, sum } from 'drizzle-orm';
import { contains } from '@/core/like';
import { paged, sortBy } from '@/core/paging';
import type { Db } from '@/db/client';
import type { FileRow } from './files.repository';
import { fileDirs, files } from './files.tables';
import type { Tenant } from '@/core/tenant';

export type DirRecord = typeof fileDirs.$inferSelect;

/** The library: the staff's images and videos (not customers' uploads, not certificates). */
const inLibrary = (renterId: string) => and(eq(files.renterId, renterId), eq(files.scope, ''), inArray(files.kind, ['image', 'video']));

/** null is the root. */
const atDir = (dirId: string | null) => (dirId ? eq(files.dirId, dirId) : isNull(files.dirId));
const dirParent = (parentId: string | null) => (parentId ? eq(fileDirs.parentId, parentId) : isNull(fileDirs.parentId));

const SORTS = { createTime: files.createdAt, name: files.originalName, size: files.size } as const;

export interface FilePageQuery {
  renterId: string;
  /** undefined: every directory; null: the root. */
  dirId: string | null | undefined;
  kind: '' | 'image' | 'video';
  keyword: string;
  sorter: { field: string; order: string }[];
  offset: number;
  limit: number;
}

export const materialRepo = {
  /** Serialises the directory writes of one enterprise, so sibling names are checked against a settled tree. */
  async lockTree(tenant: Tenant): Promise<void> {
    const { db, renterId } = tenant;
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`file_dirs:${renterId}`}))`);
  },

  async dirs(tenant: Tenant): Promise<DirRecord[]> {
    const { db, renterId } = tenant;
    return db.select().from(fileDirs).where(eq(fileDirs.renterId, renterId)).orderBy(asc(fileDirs.createdAt), asc(fileDirs.id));
  },

  async countDirs(tenant: Tenant): Promise<number> {
    const { db, renterId } = tenant;
    const [r] = await db.select({ n: count() }).from(fileDirs).where(eq(fileDirs.renterId, renterId));
    return Number(r?.n ?? 0);
  },

  /** Files per directory (null: the root). */
  async fileCounts(tenant: Tenant): Promise<{ dirId: string | null; n: number }[]> {
    const { db, renterId } = tenant;
    const rows = await db.select({ dirId: files.dirId, n: count() }).from(files).where(inLibrary(renterId)).groupBy(files.dirId);
    return rows.map((r) => ({ dirId: r.dirId, n: Number(r.n) }));
  },

  async dirById(tenant: Tenant, id: string): Promise<DirRecord | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(fileDirs)
      .where(and(eq(fileDirs.renterId, renterId), eq(fileDirs.id, id)))
      .limit(1);
    return r;
  },

  /** Holds the directory until the transaction ends: it cannot be deleted while a file moves into it. */
  async shareDir(tenant: Tenant, id: string): Promise<DirRecord | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(fileDirs)
      .where(and(eq(fileDirs.renterId, renterId), eq(fileDirs.id, id)))
      .for('share');
    return r;
  },

  async lockDir(tenant: Tenant, id: string): Promise<DirRecord | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(fileDirs)
      .where(and(eq(fileDirs.renterId, renterId), eq(fileDirs.id, id)))
      .for('update');
    return r;
  },

  async siblingNamed(tenant: Tenant, parentId: string | null, name: string): Promise<DirRecord | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(fileDirs)
      .where(and(eq(fileDirs.renterId, renterId), dirParent(parentId), eq(fileDirs.name, name)))
      .limit(1);
    return r;
  },

  async insertDir(db: Db, v: typeof fileDirs.$inferInsert): Promise<DirRecord> {
    const [r] = await db.insert(fileDirs).values(v).returning();
    return r;
  },

  async renameDir(tenant: Tenant, id: string, name: string): Promise<void> {
    const { db, renterId } = tenant;
    await db
      .update(fileDirs)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(fileDirs.renterId, renterId), eq(fileDirs.id, id)));
  },

  async deleteDir(tenant: Tenant, id: string): Promise<void> {
    const { db, renterId } = tenant;
    await db.delete(fileDirs).where(and(eq(fileDirs.renterId, renterId), eq(fileDirs.id, id)));
  },

  async hasChildren(tenant: Tenant, id: string): Promise<boolean> {
    const { db, renterId } = tenant;
    const r = await db
      .select({ id: fileDirs.id })
      .from(fileDirs)
      .where(and(eq(fileDirs.renterId, renterId), eq(fileDirs.parentId, id)))
      .limit(1);
    return r.length > 0;
  },

  /** Any file at all in the directory (customers' uploads and certificates never are). */
  async hasFiles(tenant: Tenant, id: string): Promise<boolean> {
    const { db, renterId } = tenant;
    const r = await db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.renterId, renterId), eq(files.dirId, id)))
      .limit(1);
    return r.length > 0;
  },

  async page(db: Db, q: FilePageQuery): Promise<{ rows: FileRow[]; total: number }> {
    const conds: (SQL | undefined)[] = [inLibrary(q.renterId)];
    if (q.dirId !== undefined) conds.push(atDir(q.dirId));
    if (q.kind) conds.push(eq(files.kind, q.kind));
    if (q.keyword) conds.push(ilike(files.originalName, contains(q.keyword)));
    const where = and(...conds);
    return paged(
      db
        .select()
        .from(files)
        .where(where)
        .orderBy(...sortBy(q.sorter, SORTS), desc(files.createdAt), desc(files.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(files).where(where),
    );
  },

  async libraryFile(tenant: Tenant, id: string): Promise<FileRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(files)
      .where(and(inLibrary(renterId), eq(files.id, id)))
      .limit(1);
    return r;
  },

  /** Locks the library files among ids for the rest of the transaction. */
  async lockLibraryFiles(tenant: Tenant, ids: string[]): Promise<FileRow[]> {
    const { db, renterId } = tenant;
    return db
      .select()
      .from(files)
      .where(and(inLibrary(renterId), inArray(files.id, ids)))
      .for('update');
  },

  async moveFiles(tenant: Tenant, ids: string[], dirId: string | null): Promise<void> {
    const { db, renterId } = tenant;
    await db
      .update(files)
      .set({ dirId })
      .where(and(eq(files.renterId, renterId), inArray(files.id, ids)));
  },

  async renameFile(tenant: Tenant, id: string, name: string): Promise<void> {
    const { db, renterId } = tenant;
    await db
      .update(files)
      .set({ originalName: name })
      .where(and(eq(files.renterId, renterId), eq(files.id, id)));
  },

  async deleteFiles(tenant: Tenant, ids: string[]): Promise<void> {
    const { db, renterId } = tenant;
    await db.delete(files).where(and(eq(files.renterId, renterId), inArray(files.id, ids)));
  },

  async usage(tenant: Tenant): Promise<{ kind: string; n: number; bytes: number }[]> {
    const { db, renterId } = tenant;
    const rows = await db
      .select({ kind: files.kind, n: count(), bytes: sum(files.size) })
      .from(files)
      .where(inLibrary(renterId))
      .groupBy(files.kind);
    return rows.map((r) => ({ kind: r.kind, n: Number(r.n), bytes: Number(r.bytes ?? 0) }));
  },
};
