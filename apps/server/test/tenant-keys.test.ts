/**
 * Keys of tenant tables include renter_id (issue 13 §4): a unique key never spans renters, and a foreign key names
 * (renter_id, id) of its parent, so the database itself refuses a row of one renter pointing at another's.
 */
import { randomUUID } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsSkus } from '@/db/schema';
import { makeApp, type Person, type TestApp } from './helper';
import { ID_TABLES, idsOf, TENANT_TABLES, twoRenters } from './tenant-fixtures';

let t: TestApp;
let a: Person;
let b: Person;
beforeAll(async () => {
  t = await makeApp();
  [a, b] = await twoRenters(t);
}, 60_000);
afterAll(() => t.close());

const sqlName = (table: PgTable, key: string) => (getTableColumns(table) as Record<string, { name: string }>)[key].name;

/** Every foreign key of the tenant tables: child table, its columns, parent table. */
const FKS = [...TENANT_TABLES].flatMap(([name, table]) =>
  getTableConfig(table).foreignKeys.map((fk) => {
    const r = fk.reference();
    return {
      name: fk.getName(),
      child: name,
      columns: r.columns.map((c) => c.name),
      parent: getTableConfig(r.foreignTable).name,
      parentColumns: r.foreignColumns.map((c) => c.name),
    };
  }),
);

/** The database error a statement fails with (drizzle wraps the driver's). */
async function failure(run: () => Promise<unknown>): Promise<{ code?: string; constraint?: string } | undefined> {
  try {
    await run();
    return undefined;
  } catch (e) {
    const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    return err.cause ?? err;
  }
}

/** Unique keys of a tenant table that are global by nature. */
const GLOBAL_UNIQUES = new Set([
  // A login token finds its session before the renter is known (and a session may have no renter yet).
  'sessions.sessions_token_hash_unique',
  // The same for a member's token: it names the member (and its renter) once found.
  'member_tokens.member_tokens_token_hash_unique',
]);

describe('keys of tenant tables', () => {
  it('include renter_id in every unique key but the primary key on id', () => {
    const lacking = [...TENANT_TABLES].flatMap(([name, table]) => {
      const c = getTableConfig(table);
      const uniques = [
        ...c.indexes
          .filter((i) => i.config.unique)
          .map((i) => ({ name: i.config.name, cols: i.config.columns.map((x) => (x as { name?: string }).name) })),
        ...c.uniqueConstraints.map((u) => ({ name: u.name, cols: u.columns.map((x) => x.name) })),
        ...c.columns.filter((col) => col.isUnique).map((col) => ({ name: col.uniqueName, cols: [col.name] })),
      ];
      return uniques
        .map((u) => ({ ...u, key: `${name}.${u.name}` }))
        .filter((u) => !u.cols.includes('renter_id') && !GLOBAL_UNIQUES.has(u.key))
        .map((u) => u.key);
    });
    expect(lacking).toEqual([]);
  });

  it('name (renter_id, id) of the parent in every foreign key', () => {
    expect(FKS.length).toBeGreaterThan(0);
    for (const fk of FKS) {
      expect(fk.columns[0], fk.name).toBe('renter_id');
      expect(fk.parentColumns, fk.name).toEqual(['renter_id', 'id']);
    }
  });

  it('refuses a row pointing at another renter’s parent', async () => {
    const [goodsOfB] = await idsOf(t.db, 'goods', b.renterId);
    const sku = { renterId: a.renterId, goodsId: goodsOfB, skuKey: 'x', priceFen: 1 };
    expect(await failure(() => t.db.insert(goodsSkus).values(sku))).toMatchObject({ code: '23503', constraint: 'goods_skus_goods_fk' });
    // The same row under B's own id is accepted: the key is about the renter, not the goods.
    expect(await failure(() => t.db.insert(goodsSkus).values({ ...sku, renterId: b.renterId }))).toBeUndefined();
  });

  const ctidsOf = async (table: string, renterId: string) => {
    const r = await t.db.execute(sql`select ctid::text as c from ${sql.identifier(table)} where renter_id = ${renterId} limit 1`);
    return (r as unknown as { rows: { c: string }[] }).rows.map((x) => x.c);
  };

  it.each(FKS.map((fk) => [fk.name, fk] as const))('%s: refuses a link to another renter’s parent or to nothing', async (_n, fk) => {
    const child = TENANT_TABLES.get(fk.child) as PgTable;
    // A child keyed by its parents (tag links, import rows) has no id: its row is found by its physical address.
    const keyed = ID_TABLES.has(fk.child);
    const [row] = keyed ? await idsOf(t.db, fk.child, a.renterId) : await ctidsOf(fk.child, a.renterId);
    expect(row, `A has no row of ${fk.child}: add one to tenantRows`).toBeDefined();
    const [parentOfB] = await idsOf(t.db, fk.parent, b.renterId);
    const [parentOfA] = await idsOf(t.db, fk.parent, a.renterId);
    const column = fk.columns[1];
    const link = (id: string) =>
      t.db.execute(
        sql`update ${sql.identifier(fk.child)} set ${sql.identifier(column)} = ${id} where ${keyed ? sql`id = ${row}` : sql`ctid = ${row}::tid`}`,
      );
    expect(await failure(() => link(parentOfB))).toMatchObject({ code: '23503', constraint: fk.name });
    expect(await failure(() => link(randomUUID()))).toMatchObject({ code: '23503', constraint: fk.name });
    // A's own parent passes the key (for a self-reference, another row than the row itself; another unique key of the
    // row may still object).
    const own = fk.parent === fk.child ? (await idsOf(t.db, fk.parent, a.renterId)).find((id) => id !== row) : parentOfA;
    expect((await failure(() => link(own as string)))?.code).not.toBe('23503');
    expect(sqlName(child, 'renterId')).toBe('renter_id');
  });
});
