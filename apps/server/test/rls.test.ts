/**
 * Row-level security (issue 13 §4, core/README.md "Row-level security"): the database itself keeps a renter's work to
 * its renter's rows, even where a query forgets `renter_id`. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Ctx, inTx } from '@/core/context';
import { registerContract } from '@/core/register';
import { resolveSession } from '@/modules/team';
import { goods, goodsUnits, sessions } from '@/db/schema';
import { leaseRenterDb, RLS_EXEMPT, renterDb } from '@/db/rls';
import { makeApp, type Person, systemCtx, type TestApp } from './helper';
import { TENANT_TABLES, twoRenters } from './tenant-fixtures';

let t: TestApp;
let a: Person;
let b: Person;
beforeAll(async () => {
  t = await makeApp();
  [a, b] = await twoRenters(t);
}, 60_000);
afterAll(() => t.close());

const rowsOf = (res: unknown) => (res as { rows: Record<string, unknown>[] }).rows;
const renterIdsIn = (rows: Record<string, unknown>[]) => [...new Set(rows.map((r) => String(r.renter_id ?? r.renterId)))];

/** The database error a statement fails with (drizzle wraps the driver's). */
async function failure(run: () => Promise<unknown>): Promise<{ code?: string; message?: string } | undefined> {
  try {
    await run();
    return undefined;
  } catch (e) {
    const err = e as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    return err.cause ?? err;
  }
}

describe('policies', () => {
  it('hold every table with a renter_id, forced on the owner too, but the few found before their renter is known', async () => {
    const { rows } = (await t.db.execute(sql`
      select c.relname as name, c.relrowsecurity as on, c.relforcerowsecurity as forced,
        exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname and p.policyname = 'tenant') as policy
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'`)) as unknown as {
      rows: { name: string; on: boolean; forced: boolean; policy: boolean }[];
    };
    const state = new Map(rows.map((r) => [r.name, r]));
    const lacking = [...TENANT_TABLES.keys()]
      .filter((name) => !RLS_EXEMPT.has(name))
      .filter((name) => {
        const r = state.get(name);
        return !r?.on || !r.forced || !r.policy;
      });
    expect(lacking).toEqual([]);
    // The exempt ones are tenant tables with no policy (a stale name here would hide a new table's lack).
    for (const name of RLS_EXEMPT.keys()) {
      expect(TENANT_TABLES.has(name), name).toBe(true);
      expect(state.get(name)?.policy, name).toBe(false);
    }
  });
});

describe("a renter's handle", () => {
  it('sees only its renter’s rows in a query that forgets renter_id', async () => {
    const all = rowsOf(await t.db.execute(sql`select renter_id from goods`));
    expect(renterIdsIn(all)).toEqual(expect.arrayContaining([a.renterId, b.renterId]));
    const mine = (await t.db.select().from(goods).where(eq(goods.renterId, a.renterId))).length;
    expect(mine).toBeGreaterThan(0);

    const db = renterDb(t.db, a.renterId);
    const raw = rowsOf(await db.execute(sql`select * from goods`));
    expect(raw).toHaveLength(mine);
    expect(renterIdsIn(raw)).toEqual([a.renterId]);
    const built = await db.select().from(goods);
    expect(built).toHaveLength(mine);
    expect(renterIdsIn(built as never)).toEqual([a.renterId]);
    // By id of the other renter: nothing, as if it did not exist.
    const [theirs] = await t.db.select({ id: goods.id }).from(goods).where(eq(goods.renterId, b.renterId)).limit(1);
    expect(await db.select().from(goods).where(eq(goods.id, theirs.id))).toEqual([]);
  });

  it('sees only its renter’s rows inside a transaction (inTx) too, and changes none of the other’s', async () => {
    const ctx = { ...systemCtx(t), db: renterDb(t.db, b.renterId) };
    const [theirs] = await t.db.select().from(goods).where(eq(goods.renterId, a.renterId)).limit(1);
    const seen = await inTx(ctx, async (tx) => {
      const rows = rowsOf(await tx.db.execute(sql`select renter_id from goods`));
      // An update that forgets renter_id reaches only b's rows.
      await tx.db
        .update(goods)
        .set({ title: `${theirs.title}（改）` })
        .where(eq(goods.id, theirs.id));
      const deleted = await tx.db.delete(goods).where(eq(goods.id, theirs.id)).returning();
      return { renters: renterIdsIn(rows), deleted: deleted.length };
    });
    expect(seen).toEqual({ renters: [b.renterId], deleted: 0 });
    const [still] = await t.db.select().from(goods).where(eq(goods.id, theirs.id));
    expect(still).toEqual(theirs);
  });

  it('is refused a row of another renter', async () => {
    const db = renterDb(t.db, a.renterId);
    const err = await failure(() => db.insert(goodsUnits).values({ renterId: b.renterId, name: '别人的单位', sort: 900 }));
    expect(err?.code).toBe('42501'); // new row violates row-level security policy
    expect(await t.db.select().from(goodsUnits).where(eq(goodsUnits.name, '别人的单位'))).toEqual([]);
    // Nor may it move its own row to the other renter.
    const [own] = await db.insert(goodsUnits).values({ renterId: a.renterId, name: '自己的单位', sort: 901 }).returning();
    const moved = await failure(() => db.update(goodsUnits).set({ renterId: b.renterId }).where(eq(goodsUnits.id, own.id)));
    expect(moved?.code).toBe('42501');
  });

  it('within no renter sees no tenant row at all, and may write none', async () => {
    const db = renterDb(t.db, null);
    expect(rowsOf(await db.execute(sql`select * from goods`))).toEqual([]);
    expect(await db.select().from(goodsUnits)).toEqual([]);
    const err = await failure(() => db.insert(goodsUnits).values({ renterId: a.renterId, name: '无主单位', sort: 902 }));
    expect(err?.code).toBe('42501');
  });

  it('leaves neither the role nor the renter on the connection after its transaction', async () => {
    const db = renterDb(t.db, a.renterId);
    for (let i = 0; i < 8; i++) await db.select().from(goods).limit(1);
    // Every connection of the pool (PostgreSQL: 5 in tests) or the one of PGlite: the owner, within no renter.
    const states = await Promise.all(
      Array.from({ length: 8 }, async () =>
        rowsOf(await t.db.execute(sql`select current_user as who, coalesce(current_setting('app.renter_id', true), '') as renter`)),
      ),
    );
    for (const [s] of states) {
      expect(s.who).not.toBe('shop_app');
      expect(s.renter).toBe('');
    }
  });

  it('does not hold the system handle, which finds a session by its token across renters', async () => {
    const found = await t.db.select().from(sessions).where(eq(sessions.renterId, b.renterId));
    expect(found.length).toBeGreaterThan(0);
  });
});

describe("a call's lease (one connection for the call on PostgreSQL)", () => {
  const renterOf = async (db: typeof t.db) => renterIdsIn(rowsOf(await db.execute(sql`select renter_id from goods`)));

  it('sees only its renter’s rows, with many calls of two renters sharing the pool’s connections', async () => {
    // Twice the pool's size (5 in tests) at once, alternating renters: connections go from one renter to the other.
    const calls = Array.from({ length: 10 }, async (_, i) => {
      const p = i % 2 ? b : a;
      const lease = leaseRenterDb(t.db, p.renterId);
      try {
        // Statements at once and a transaction in one call: one at a time on its connection.
        const [x, y, z] = await Promise.all([
          renterOf(lease.db),
          lease.db.transaction(async (tx) => renterIdsIn(rowsOf(await tx.execute(sql`select renter_id from goods`)))),
          renterOf(lease.db),
        ]);
        return { want: p.renterId, got: [...x, ...y, ...z] };
      } finally {
        await lease.release();
      }
    });
    for (const { want, got } of await Promise.all(calls)) expect(got).toEqual([want, want, want]);
  });

  it('goes on after a failed statement and a rolled-back transaction, within its renter', async () => {
    const lease = leaseRenterDb(t.db, a.renterId);
    try {
      expect((await failure(() => lease.db.execute(sql`select no_such_column from goods`)))?.code).toBe('42703');
      await expect(
        lease.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await renterOf(lease.db)).toEqual([a.renterId]);
    } finally {
      await lease.release();
    }
    // Used after the call ended (an after-commit follow-up): still bound to its renter.
    expect(await renterOf(lease.db)).toEqual([a.renterId]);
    // The next call on that connection is another renter's.
    const next = leaseRenterDb(t.db, b.renterId);
    try {
      expect(await renterOf(next.db)).toEqual([b.renterId]);
    } finally {
      await next.release();
    }
  });

  it('is refused another renter’s rows as the per-transaction handle is', async () => {
    const lease = leaseRenterDb(t.db, a.renterId);
    try {
      const err = await failure(() => lease.db.insert(goodsUnits).values({ renterId: b.renterId, name: '租约里别人的单位', sort: 903 }));
      expect(err?.code).toBe('42501');
    } finally {
      await lease.release();
    }
  });
});

describe('calls', () => {
  it('run on their renter’s handle: a handler’s query that forgets renter_id sees its caller’s renter only', async () => {
    // A route of its own through core/register, as every contract call: its handler reads goods without renter_id.
    const app = Fastify({ logger: false });
    const probe = {
      method: 'POST',
      path: '/api/Probe/Unscoped',
      summary: 'probe',
      body: z.object({}),
      data: z.array(z.string()),
      permission: 'renter',
    } as const;
    registerContract(
      app,
      { probe: { unscoped: probe } } as never,
      { probe: { unscoped: async (ctx: Ctx) => renterIdsIn(rowsOf(await ctx.db.execute(sql`select renter_id from goods`))) } } as never,
      { db: t.db, services: t.services, resolveSession },
    );
    try {
      for (const p of [a, b]) {
        const res = await app.inject({ method: 'POST', url: probe.path, payload: {}, headers: { token: p.token } });
        expect(res.json()).toMatchObject({ code: 0, data: [p.renterId] });
      }
    } finally {
      await app.close();
    }
  });
});
