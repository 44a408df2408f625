/**
 * A renter's work as repositories take it (issue 13 §4, core/README.md "Tenancy"): the database handle of the call or
 * job (row-level security holds it to its renter) together with that renter's id, both taken from the caller, never
 * from a request's fields: the staff session's enterprise, the member's shop, the visited shop, or the renter a job was
 * sent for. A repository function takes a Tenant first and finds rows within its renter only; it cannot be handed a
 * renter id of a request, and no function takes "a row by id" across renters.
 */
import type { Db } from '@/db/client';
import { actorOf, type Ctx, renterOf } from './context';
import { SHOP_MISSING_MSG } from '@shop/contract';
import { BizError, CODE } from './errors';

declare const made: unique symbol;

export interface Tenant {
  readonly db: Db;
  readonly renterId: string;
  /** Made by tenantOf / tenantFor only. */
  readonly [made]: true;
}

const make = (db: Db, renterId: string) => ({ db, renterId }) as Tenant;

/**
 * The tenant of a call or a job: a staff call's chosen enterprise, a member's or visited shop's renter, a job's renter
 * (data.renterId). Inside a transaction pass the transaction's context: its db is the transaction's.
 */
export function tenantOf(ctx: Ctx): Tenant {
  const a = actorOf(ctx);
  if (a.kind === 'staff') return make(ctx.db, renterOf(ctx).renterId);
  if ((a.kind === 'member' || a.kind === 'visitor' || a.kind === 'system') && a.renterId) return make(ctx.db, a.renterId);
  if (a.kind === 'visitor') throw new BizError(SHOP_MISSING_MSG, CODE.notFound);
  throw new Error(`tenantOf: ${a.kind} work names no renter (tenantFor takes the renter of a row it read)`);
}

/**
 * The tenant of a renter the work has in hand (a job's data, the row a sweep or a payment notice read, a helper's
 * argument): work bound to a renter (a staff, member or visitor call of a shop, a job sent for a renter) may only
 * name its own, so a renter id that came from anywhere else fails here instead of reaching another renter's rows;
 * work with no renter of its own (a sweep across renters, a provider's notice) names the renter of the row.
 */
export function tenantFor(ctx: Ctx, renterId: string): Tenant {
  const a = actorOf(ctx);
  const own = a.kind === 'staff' ? a.session.renterId : a.renterId;
  if (own && own !== renterId) throw new Error(`tenantFor: renter ${renterId} is not the ${a.kind} work's own`);
  if (a.kind === 'staff' && !own) throw new Error('tenantFor: a staff call without an enterprise');
  return make(ctx.db, renterId);
}

/**
 * The tenant of work no call or job carries: the demo seed filling the renters it has just created, and tests'
 * fixtures. Product code takes its tenant from its context (tenantOf, tenantFor).
 */
export function seedTenant(db: Db, renterId: string): Tenant {
  return make(db, renterId);
}
