import { and, asc, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Tenant } from '@/core/tenant';
import { memberLevels } from '@/modules/members/members.tables';

/**
 * The level look-ups every part of members asks (growth changes, 会员详情, its staff operations, 客户查询's options,
 * 会员画像): one place, each one query, renter first.
 */

const enabledFree = (tenant: Tenant) =>
  and(eq(memberLevels.renterId, tenant.renterId), eq(memberLevels.needpay, 0), eq(memberLevels.status, 1));

/** The free level a growth value reaches: the enabled free level with the highest threshold not above it. */
export async function levelForGrowth(tenant: Tenant, growth: number): Promise<{ id: string; name: string } | undefined> {
  const [l] = await tenant.db
    .select({ id: memberLevels.id, name: memberLevels.name })
    .from(memberLevels)
    .where(and(enabledFree(tenant), lte(memberLevels.growth, growth)))
    .orderBy(desc(memberLevels.growth))
    .limit(1);
  return l;
}

/** The enabled free level with the lowest threshold above this growth (none at the top or without levels). */
export async function nextFreeLevel(tenant: Tenant, growth: number) {
  const [r] = await tenant.db
    .select({ id: memberLevels.id, name: memberLevels.name, growth: memberLevels.growth })
    .from(memberLevels)
    .where(and(enabledFree(tenant), gt(memberLevels.growth, growth)))
    .orderBy(asc(memberLevels.growth))
    .limit(1);
  return r;
}

export type LevelBrief = { name: string; needpay: number; validDays: number; status: number };

/** Some levels of the renter by id (nulls and repeats ignored): name, kind, valid days, status. */
export async function levelsByIds(tenant: Tenant, ids: (string | null)[]): Promise<Map<string, LevelBrief>> {
  const want = [...new Set(ids.filter((x): x is string => !!x))];
  if (want.length === 0) return new Map();
  const rows = await tenant.db
    .select({
      id: memberLevels.id,
      name: memberLevels.name,
      needpay: memberLevels.needpay,
      validDays: memberLevels.validDays,
      status: memberLevels.status,
    })
    .from(memberLevels)
    .where(and(eq(memberLevels.renterId, tenant.renterId), inArray(memberLevels.id, want)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A level's name ('' for none or a level gone). */
export async function levelName(tenant: Tenant, id: string | null): Promise<string> {
  if (!id) return '';
  return (await levelsByIds(tenant, [id])).get(id)?.name ?? '';
}

/** The enabled free levels (id, name, threshold), unordered: the import maps level names to them. */
export async function enabledFreeLevels(tenant: Tenant) {
  return tenant.db
    .select({ id: memberLevels.id, name: memberLevels.name, growth: memberLevels.growth })
    .from(memberLevels)
    .where(enabledFree(tenant));
}

/** The enabled paid levels in rank order (what staff can set). */
export async function enabledPaidLevels(tenant: Tenant) {
  return tenant.db
    .select({ id: memberLevels.id, name: memberLevels.name, validDays: memberLevels.validDays })
    .from(memberLevels)
    .where(and(eq(memberLevels.renterId, tenant.renterId), eq(memberLevels.needpay, 1), eq(memberLevels.status, 1)))
    .orderBy(asc(memberLevels.rank));
}

/** Every level of the renter (free first, then paid, each in rank order): id, name, kind; at most `limit` if given. */
export async function levelList(tenant: Tenant, limit?: number) {
  const q = tenant.db
    .select({ id: memberLevels.id, name: memberLevels.name, needpay: memberLevels.needpay })
    .from(memberLevels)
    .where(eq(memberLevels.renterId, tenant.renterId))
    .orderBy(asc(memberLevels.needpay), asc(memberLevels.rank));
  return limit === undefined ? q : q.limit(limit);
}
