import { sql } from 'drizzle-orm';
import type { Tenant } from '@/core/tenant';

/** The next value of a per-renter counter; atomic under concurrent callers. */
export async function nextSequence(tenant: Tenant, name: string): Promise<number> {
  const { db, renterId } = tenant;
  const r = await db.execute<{ value: string | number }>(sql`
    insert into renter_sequences (renter_id, name, value) values (${renterId}, ${name}, 1)
    on conflict (renter_id, name) do update set value = renter_sequences.value + 1
    returning value`);
  const rows = (r as unknown as { rows: { value: string | number }[] }).rows;
  return Number(rows[0].value);
}

/** n values of a per-renter counter at once, in order (the counter nextSequence advances one at a time); atomic too. */
export async function reserveSequence(tenant: Tenant, name: string, n: number): Promise<number[]> {
  const { db, renterId } = tenant;
  const r = await db.execute<{ value: string | number }>(sql`
    insert into renter_sequences (renter_id, name, value) values (${renterId}, ${name}, ${n})
    on conflict (renter_id, name) do update set value = renter_sequences.value + ${n}
    returning value`);
  const last = Number((r as unknown as { rows: { value: string | number }[] }).rows[0].value);
  return Array.from({ length: n }, (_, i) => last - n + 1 + i);
}

/** The value nextSequence would answer now, without using it up (a preview: another caller may take it first). */
export async function peekSequence(tenant: Tenant, name: string): Promise<number> {
  const { db, renterId } = tenant;
  const r = await db.execute<{ value: string | number }>(sql`
    select value from renter_sequences where renter_id = ${renterId} and name = ${name}`);
  const rows = (r as unknown as { rows: { value: string | number }[] }).rows;
  return Number(rows[0]?.value ?? 0) + 1;
}
