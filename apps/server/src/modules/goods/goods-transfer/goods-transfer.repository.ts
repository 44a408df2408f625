import { type AnyColumn, and, asc, count, desc, eq, getTableColumns, getTableName, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { reserveSequence } from '@/core/sequence';
import type { Db } from '@/db/client';
import { goods, goodsImports, goodsSkus, goodsTypes, goodsUnits } from '@/db/schema';
import {
  type GoodsInsert,
  type GoodsListFilter,
  type GoodsRow,
  type GoodsSkuRow,
  goodsListWhere,
  type SkuInsert,
} from '@/modules/goods/goods/goods.repository';
import { nosOf } from '@/modules/goods/goods-type/goods-type.tree';
import type { Tenant } from '@/core/tenant';

export type GoodsImportRow = typeof goodsImports.$inferSelect;
export type GoodsImportInsert = typeof goodsImports.$inferInsert;

const ofImports = (renterId: string) => eq(goodsImports.renterId, renterId);

/** A batch may be confirmed this long after its check. */
export const IMPORT_TTL_HOURS = 24;
/** Batches older than this are removed when the enterprise checks a new file. */
const IMPORT_KEEP_DAYS = 7;

/** One key of the export's order: the column, its direction and how its cursor value is cast back. */
interface OrderKey {
  col: AnyColumn;
  dir: 'asc' | 'desc';
  cast: 'int' | 'bigint' | 'timestamptz' | 'uuid';
}

const SORT_KEYS: Record<string, Omit<OrderKey, 'dir'>> = {
  price: { col: goods.minPriceFen, cast: 'bigint' },
  stock: { col: goods.totalStock, cast: 'int' },
  sort: { col: goods.sort, cast: 'int' },
  createTime: { col: goods.createdAt, cast: 'timestamptz' },
};

/** The list's order (sorter, then sort, newest, id) as keyset keys, each column once. */
function orderKeys(sorter: { field: string; order: string }[]): OrderKey[] {
  const keys: OrderKey[] = [];
  const add = (k: OrderKey) => {
    if (!keys.some((x) => x.col === k.col)) keys.push(k);
  };
  for (const s of sorter) {
    const k = Object.hasOwn(SORT_KEYS, s.field) ? SORT_KEYS[s.field] : undefined;
    if (k) add({ ...k, dir: s.order.startsWith('asc') ? 'asc' : 'desc' });
  }
  add({ col: goods.sort, cast: 'int', dir: 'asc' });
  add({ col: goods.createdAt, cast: 'timestamptz', dir: 'desc' });
  add({ col: goods.id, cast: 'uuid', dir: 'asc' });
  return keys;
}

/** Rows after the cursor in the keys' order: (k0 after) or (k0 = and k1 after) or … */
function after(keys: OrderKey[], cursor: string[]): SQL {
  const value = (i: number) => sql`${cursor[i]}::${sql.raw(keys[i].cast)}`;
  const terms = keys.map((k, i) => {
    const equal = keys.slice(0, i).map((p, j) => sql`${p.col} = ${value(j)}`);
    const beyond = k.dir === 'asc' ? sql`${k.col} > ${value(i)}` : sql`${k.col} < ${value(i)}`;
    return and(...equal, beyond) as SQL;
  });
  return or(...terms) as SQL;
}

/** What a finished import keeps as the last element of its rows: its result, or why it failed. */
export type ImportResult = { created: number; updated: number; unchanged: number; skipped: number };
export type ImportOutcome = { result: ImportResult } | { error: string };

/** The batch's rows without a previous outcome, with this one at the end (jsonb: `rows - -1` drops the last element). */
const rowsWith = (outcome: ImportOutcome) =>
  sql`(case when ${goodsImports.rows} -> -1 ? 'outcome' then ${goodsImports.rows} - -1 else ${goodsImports.rows} end) || jsonb_build_array(jsonb_build_object('outcome', ${JSON.stringify(outcome)}::jsonb))`;

/**
 * Updates many rows of a table by id in one statement: the values travel as one jsonb parameter read back with
 * jsonb_to_recordset (typed by the table's columns), updated_at set to now(). rows carry `id` and the keys to set.
 */
async function updateByIds(db: Db, table: PgTable, renterId: string, keys: string[], rows: Record<string, unknown>[]) {
  if (!rows.length) return;
  const cols = getTableColumns(table) as Record<string, AnyColumn>;
  const all = ['id', ...keys];
  const defs = all.map((k) => `"${cols[k].name}" ${cols[k].getSQLType()}`).join(', ');
  const sets = keys.map((k) => `"${cols[k].name}" = v."${cols[k].name}"`).join(', ');
  for (let i = 0; i < rows.length; i += 500) {
    const payload = rows.slice(i, i + 500).map((r) => Object.fromEntries(all.map((k) => [cols[k].name, r[k] ?? null])));
    await db.execute(sql`
      update ${sql.raw(`"${getTableName(table)}"`)} as t set ${sql.raw(sets)}, "updated_at" = now()
        from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as v(${sql.raw(defs)})
       where t."id" = v."id" and t."renter_id" = ${renterId}`);
  }
}

export const goodsTransferRepo = {
  async insertBatch(db: Db, v: GoodsImportInsert): Promise<GoodsImportRow> {
    const [r] = await db.insert(goodsImports).values(v).returning();
    return r;
  },
  async batch(tenant: Tenant, id: string): Promise<GoodsImportRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(goodsImports)
      .where(and(ofImports(renterId), eq(goodsImports.id, id)))
      .limit(1);
    return r;
  },
  /** Moves a checked, unexpired batch to `status` and answers it; undefined when it is not (or no longer) checked. */
  async claim(tenant: Tenant, id: string, status: number): Promise<GoodsImportRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .update(goodsImports)
      .set({ status, ...(status === 2 ? { importedAt: new Date() } : {}) })
      .where(
        and(
          ofImports(renterId),
          eq(goodsImports.id, id),
          eq(goodsImports.status, 1),
          sql`${goodsImports.createdAt} > now() - make_interval(hours => ${IMPORT_TTL_HOURS})`,
        ),
      )
      .returning();
    return r;
  },
  /** The batch, locked until the transaction ends (an import chunk holds it while it writes). */
  async lockBatch(tenant: Tenant, id: string): Promise<GoodsImportRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(goodsImports)
      .where(and(ofImports(renterId), eq(goodsImports.id, id)))
      .for('update')
      .limit(1);
    return r;
  },
  /** Importing (4) → imported (2) with its count and result (the last chunk). */
  async setImported(tenant: Tenant, id: string, importedCount: number, result: ImportResult) {
    const { db, renterId } = tenant;
    await db
      .update(goodsImports)
      .set({ status: 2, importedCount, importedAt: new Date(), tally: result, rows: rowsWith({ result }) })
      .where(and(ofImports(renterId), eq(goodsImports.id, id), eq(goodsImports.status, 4)));
  },
  /** A chunk committed: where the next one starts, goods written so far and the counts so far. */
  async setChunkDone(tenant: Tenant, id: string, nextGoods: number, importedCount: number, tally: ImportResult) {
    const { db, renterId } = tenant;
    await db
      .update(goodsImports)
      .set({ nextGoods, importedCount, tally })
      .where(and(ofImports(renterId), eq(goodsImports.id, id), eq(goodsImports.status, 4)));
  },
  /**
   * Importing (4) → checked (1) with why, so it can be confirmed again (from next_goods: what earlier chunks wrote
   * stays). Only while the chunk at `from` is the batch's next one; answers the batch, or undefined.
   */
  async setFailed(tenant: Tenant, id: string, from: number, error: string): Promise<GoodsImportRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .update(goodsImports)
      .set({ status: 1, rows: rowsWith({ error }) })
      .where(and(ofImports(renterId), eq(goodsImports.id, id), eq(goodsImports.status, 4), eq(goodsImports.nextGoods, from)))
      .returning();
    return r;
  },
  /** Deletes these SKUs, a chunk at a time. */
  async deleteSkus(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    for (let i = 0; i < ids.length; i += 1000) {
      await db.delete(goodsSkus).where(and(eq(goodsSkus.renterId, renterId), inArray(goodsSkus.id, ids.slice(i, i + 1000))));
    }
  },
  /** Sets the columns `keys` of these SKUs (by id) in a few statements. */
  async updateSkus(tenant: Tenant, keys: string[], rows: Record<string, unknown>[]) {
    const { db, renterId } = tenant;
    await updateByIds(db, goodsSkus, renterId, keys, rows);
  },
  /** Sets the columns `keys` of these goods (by id) in a few statements. */
  async updateGoods(tenant: Tenant, keys: string[], rows: Record<string, unknown>[]) {
    const { db, renterId } = tenant;
    await updateByIds(db, goods, renterId, keys, rows);
  },
  /** Removes the enterprise's batches older than IMPORT_KEEP_DAYS (their rows are only a preview). */
  async purgeOld(tenant: Tenant) {
    const { db, renterId } = tenant;
    await db
      .delete(goodsImports)
      .where(and(ofImports(renterId), lt(goodsImports.createdAt, sql`now() - make_interval(days => ${IMPORT_KEEP_DAYS})`)));
  },

  /** Category path names ('烘焙/面包') of all the enterprise's categories, both ways. */
  async categoryPaths(tenant: Tenant): Promise<{ byPath: Map<string, string>; byId: Map<string, string> }> {
    const { db, renterId } = tenant;
    const rows = await db
      .select({ id: goodsTypes.id, no: goodsTypes.no, path: goodsTypes.path, name: goodsTypes.name })
      .from(goodsTypes)
      .where(eq(goodsTypes.renterId, renterId));
    const names = new Map(rows.map((r) => [r.no, r.name]));
    const byPath = new Map<string, string>();
    const byId = new Map<string, string>();
    for (const r of rows) {
      const p = nosOf(r.path)
        .map((n) => names.get(n) ?? '')
        .join('/');
      byPath.set(p, r.id);
      byId.set(r.id, p);
    }
    return { byPath, byId };
  },
  async units(tenant: Tenant): Promise<{ id: string; name: string }[]> {
    const { db, renterId } = tenant;
    return db.select({ id: goodsUnits.id, name: goodsUnits.name }).from(goodsUnits).where(eq(goodsUnits.renterId, renterId));
  },
  /** The enterprise's goods with these numbers. */
  async goodsByNos(tenant: Tenant, nos: string[]): Promise<GoodsRow[]> {
    const { db, renterId } = tenant;
    const out: GoodsRow[] = [];
    for (let i = 0; i < nos.length; i += 1000) {
      const part = nos.slice(i, i + 1000);
      if (part.length) {
        out.push(
          ...(await db
            .select()
            .from(goods)
            .where(and(eq(goods.renterId, renterId), inArray(goods.goodsNo, part)))),
        );
      }
    }
    return out;
  },

  /**
   * Reserves n values of the enterprise's 'goods_no' counter in one statement (the counter nextSequence advances one
   * at a time); answers them in order.
   */
  reserveGoodsNos: (tenant: Tenant, n: number): Promise<number[]> => reserveSequence(tenant, 'goods_no', n),
  /** Which of these goods numbers the enterprise already uses. */
  async takenNos(tenant: Tenant, nos: string[]): Promise<Set<string>> {
    const { db, renterId } = tenant;
    const taken = new Set<string>();
    for (let i = 0; i < nos.length; i += 1000) {
      const part = nos.slice(i, i + 1000);
      const rows = await db
        .select({ no: goods.goodsNo })
        .from(goods)
        .where(and(eq(goods.renterId, renterId), inArray(goods.goodsNo, part)));
      for (const r of rows) taken.add(r.no);
    }
    return taken;
  },
  /** Inserts goods a chunk at a time; answers their ids by goods number. */
  async insertGoods(db: Db, rows: GoodsInsert[]): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    for (let i = 0; i < rows.length; i += 500) {
      const done = await db
        .insert(goods)
        .values(rows.slice(i, i + 500))
        .returning({ id: goods.id, goodsNo: goods.goodsNo });
      for (const r of done) ids.set(r.goodsNo, r.id);
    }
    return ids;
  },
  async insertSkus(db: Db, rows: SkuInsert[]) {
    for (let i = 0; i < rows.length; i += 1000) await db.insert(goodsSkus).values(rows.slice(i, i + 1000));
  },

  /** The SKUs of these goods, by goods. */
  async skusOf(tenant: Tenant, goodsIds: string[]): Promise<Map<string, GoodsSkuRow[]>> {
    const { db, renterId } = tenant;
    const out = new Map<string, GoodsSkuRow[]>();
    for (let i = 0; i < goodsIds.length; i += 1000) {
      const part = goodsIds.slice(i, i + 1000);
      const rows = await db
        .select()
        .from(goodsSkus)
        .where(and(eq(goodsSkus.renterId, renterId), inArray(goodsSkus.goodsId, part)));
      for (const r of rows) {
        const list = out.get(r.goodsId);
        if (list) list.push(r);
        else out.set(r.goodsId, [r]);
      }
    }
    return out;
  },
  async countGoods(tenant: Tenant, f: GoodsListFilter): Promise<number> {
    const { db } = tenant;
    const [r] = await db.select({ n: count() }).from(goods).where(goodsListWhere(tenant, f));
    return Number(r?.n ?? 0);
  },
  /**
   * The goods of the list's filters in the list's order, a page at a time by keyset (never an offset, never the whole
   * table), each page with its SKUs in matrix order.
   */
  async *exportPages(
    tenant: Tenant,
    f: GoodsListFilter,
    sorter: { field: string; order: string }[],
    size = 200,
  ): AsyncGenerator<{ g: GoodsRow; skus: GoodsSkuRow[] }[]> {
    const { db, renterId } = tenant;
    const keys = orderKeys(sorter);
    const where = goodsListWhere(tenant, f);
    let cursor: string[] | null = null;
    for (;;) {
      const page: { g: GoodsRow; cursor: string[] }[] = await db
        .select({
          g: goods,
          cursor: sql<string[]>`array[${sql.join(
            keys.map((k) => sql`${k.col}::text`),
            sql`, `,
          )}]`,
        })
        .from(goods)
        .where(cursor ? and(where, after(keys, cursor)) : where)
        .orderBy(...keys.map((k) => (k.dir === 'asc' ? asc(k.col) : desc(k.col))))
        .limit(size);
      if (!page.length) return;
      const skus = await db
        .select()
        .from(goodsSkus)
        .where(
          and(
            eq(goodsSkus.renterId, renterId),
            inArray(
              goodsSkus.goodsId,
              page.map((p) => p.g.id),
            ),
          ),
        )
        .orderBy(asc(goodsSkus.goodsId), asc(goodsSkus.sort));
      const byGoods = new Map<string, GoodsSkuRow[]>();
      for (const s of skus) {
        const list = byGoods.get(s.goodsId);
        if (list) list.push(s);
        else byGoods.set(s.goodsId, [s]);
      }
      yield page.map((p) => ({ g: p.g, skus: byGoods.get(p.g.id) ?? [] }));
      if (page.length < size) return;
      cursor = page[page.length - 1].cursor;
    }
  },
};
