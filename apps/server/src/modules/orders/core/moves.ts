import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tenant } from '@/core/tenant';
import { orderLogs } from './orders.tables';

/**
 * How every kind's state machine is declared and moved (orders README "The order core"): a move table per kind
 * (`{ from, to, text }` by move name), and one way to move — ONE conditional `UPDATE … WHERE status IN (<from>)
 * RETURNING` on the kind's table plus its timeline row (order_logs), in the caller's transaction. Of two concurrent
 * moves exactly one happens; the other finds no row and is refused (each kind words the refusal).
 */
export interface MoveDef {
  from: readonly number[];
  to: number;
  text: string;
}

export type MoveTable = Record<string, MoveDef>;

/** Who made a move or an action (the timeline shows the name). */
export interface MoveBy {
  kind: 'staff' | 'member' | 'visitor' | 'system';
  id: string;
  name: string;
}

export const SYSTEM_BY: MoveBy = { kind: 'system', id: '', name: '系统' };

/** A kind's table as the mover sees it: an id, a renter and a status column. */
type KindTable = PgTable & { id: PgColumn; renterId: PgColumn; status: PgColumn };

/** Whether the table allows a move from this status. */
export const allowedFrom = (def: MoveDef, status: number) => def.from.includes(status);

/**
 * Moves an order of a kind: one conditional UPDATE (status to `def.to`, with `patch`) from one of the move's sources
 * (narrowed by `from`: a cancel of an order read unpaid must not close one paid meanwhile), then its timeline row.
 * Answers the row after the move, or undefined when the order is missing or was not in a source status.
 */
export async function applyMove<T extends KindTable>(
  tenant: Tenant,
  table: T,
  id: string,
  def: MoveDef,
  opts: { by: MoveBy; patch?: Record<string, unknown>; note?: string; from?: readonly number[]; action?: string },
): Promise<T['$inferSelect'] | undefined> {
  const from = opts.from ? def.from.filter((s) => opts.from?.includes(s)) : [...def.from];
  if (from.length === 0) return undefined;
  // drizzle's update builder does not type a table passed generically: the columns are the ones KindTable names.
  const rows = (await tenant.db
    .update(table as PgTable)
    .set({ ...opts.patch, status: def.to } as never)
    .where(and(eq(table.renterId, tenant.renterId), eq(table.id, id), inArray(table.status, from)))
    .returning()) as T['$inferSelect'][];
  const row = rows[0];
  if (!row) return undefined;
  await logOrder(tenant, id, {
    fromStatus: from.length === 1 ? from[0] : null,
    toStatus: def.to,
    action: opts.action ?? def.text,
    by: opts.by,
    note: opts.note,
  });
  return row;
}

/**
 * Changes an order of a kind without moving it (its pay order or link while unpaid, seller notes): one conditional
 * UPDATE while its status is one of `from`; false when it had moved on.
 */
export async function patchOrder<T extends KindTable>(
  tenant: Tenant,
  table: T,
  id: string,
  from: readonly number[],
  patch: Record<string, unknown>,
): Promise<boolean> {
  const rows = (await tenant.db
    .update(table as PgTable)
    .set(patch as never)
    .where(and(eq(table.renterId, tenant.renterId), eq(table.id, id), inArray(table.status, [...from])))
    .returning({ id: table.id })) as { id: string }[];
  return rows.length === 1;
}

/** The order's status now (undefined: no such order of the renter), to word a refused move. */
export async function statusOf<T extends KindTable>(tenant: Tenant, table: T, id: string): Promise<number | undefined> {
  const [r] = (await tenant.db
    .select({ status: table.status })
    .from(table as PgTable)
    .where(and(eq(table.renterId, tenant.renterId), eq(table.id, id)))) as { status: number }[];
  return r?.status;
}

/** One line of an order's timeline (a move, or an action that moves nothing: a note, an address, a parcel, a refund). */
export async function logOrder(
  tenant: Tenant,
  orderId: string,
  e: { fromStatus?: number | null; toStatus?: number | null; action: string; by: MoveBy; note?: string },
): Promise<void> {
  await tenant.db.insert(orderLogs).values({
    renterId: tenant.renterId,
    orderId,
    fromStatus: e.fromStatus ?? null,
    toStatus: e.toStatus ?? null,
    action: e.action,
    actorKind: e.by.kind,
    actorId: e.by.id,
    actorName: e.by.name,
    note: (e.note ?? '').slice(0, 200),
    // The statement's own clock: two lines of one transaction keep their order.
    createdAt: sql`clock_timestamp()` as unknown as Date,
  });
}

/** An order's timeline, oldest first. */
export function orderTimeline(tenant: Tenant, orderId: string) {
  return tenant.db
    .select()
    .from(orderLogs)
    .where(and(eq(orderLogs.renterId, tenant.renterId), eq(orderLogs.orderId, orderId)))
    .orderBy(asc(orderLogs.seq));
}
