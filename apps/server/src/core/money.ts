import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { bigint } from 'drizzle-orm/pg-core';

/**
 * Money in the database (DESIGN §11): `bigint` fen, read as a JS number. A JS number holds every integer up to
 * Number.MAX_SAFE_INTEGER fen (≈ 90 万亿元) exactly; the contract's edge types (`packages/contract/src/core/money.ts`)
 * refuse any amount over MONEY_MAX_YUAN (10 亿元) before it is written, and `fenToYuan` refuses an unsafe value on the
 * way out, so a number never silently loses a fen. Mode 'bigint' would make every price a JS BigInt, which JSON,
 * zod's numbers and the console's arithmetic do not take, for a range no merchant reaches.
 */
export const fen = (name: string) => bigint(name, { mode: 'number' });

/**
 * A count of fen read from the database: a bigint (PGlite), a string (node-postgres answers int8 and numeric as
 * text) or a number. Throws when it is not a whole number within Number.MAX_SAFE_INTEGER, rather than round it.
 */
export function fenFromDb(v: unknown): number {
  const n = typeof v === 'bigint' ? Number(v) : typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw new Error(`金额超出范围: ${String(v)}`);
  if (typeof v === 'bigint' && BigInt(n) !== v) throw new Error(`金额超出范围: ${String(v)}`);
  return n;
}

/**
 * The sum of a fen column, 0 over no rows. PostgreSQL sums bigint into numeric (it cannot overflow there); the
 * answer is cast back to bigint (fails loudly past 9.2e18) and read through fenFromDb (fails loudly past 2^53).
 */
export function sumFen(col: AnyColumn | SQL): SQL<number> {
  return sql`coalesce(sum(${col}), 0)::bigint`.mapWith(fenFromDb);
}

/** min / max of a fen column (null over no rows), read through fenFromDb. */
export function minFen(col: AnyColumn | SQL): SQL<number> {
  return sql`min(${col})`.mapWith(fenFromDb);
}
export function maxFen(col: AnyColumn | SQL): SQL<number> {
  return sql`max(${col})`.mapWith(fenFromDb);
}
