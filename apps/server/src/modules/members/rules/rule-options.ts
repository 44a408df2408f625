import { asc, eq } from 'drizzle-orm';
import type { Tenant } from '@/core/tenant';
import { levelList } from '@/modules/members/levels/level-lookup';
import { memberGroups, memberTags, vipCards } from '@/modules/members/members.tables';

/** At most this many of each list (a renter has far fewer; the selects search within them). */
const LEVELS_MAX = 200;
const TAGS_MAX = 1000;
const CARDS_MAX = 1000;
const GROUPS_MAX = 500;

/**
 * What a member filter can name: the renter's levels (free first, by rank), tags (by name), rights cards and, asked
 * for, groups (by name). One builder for the rule editor's `Customer/RuleOptions` (cards in the order they were made)
 * and 客户查询's `ClientQuery/LookUserInFind` (cards by name, with groups).
 */
export async function memberOptions(tenant: Tenant, o: { cardsBy: 'name' | 'created'; groups: boolean }) {
  const { db, renterId } = tenant;
  const [levels, tags, cards, groups] = await Promise.all([
    levelList(tenant, LEVELS_MAX),
    db
      .select({ id: memberTags.id, name: memberTags.name, kind: memberTags.kind })
      .from(memberTags)
      .where(eq(memberTags.renterId, renterId))
      .orderBy(asc(memberTags.name))
      .limit(TAGS_MAX),
    db
      .select({ id: vipCards.id, name: vipCards.name })
      .from(vipCards)
      .where(eq(vipCards.renterId, renterId))
      .orderBy(o.cardsBy === 'name' ? asc(vipCards.name) : asc(vipCards.createdAt))
      .limit(CARDS_MAX),
    o.groups ? groupOptions(tenant) : Promise.resolve([]),
  ]);
  return { levels, tags, cards, groups };
}

/** The renter's groups by name (客户查询's group select). */
export function groupOptions(tenant: Tenant) {
  return tenant.db
    .select({ id: memberGroups.id, name: memberGroups.name })
    .from(memberGroups)
    .where(eq(memberGroups.renterId, tenant.renterId))
    .orderBy(asc(memberGroups.name))
    .limit(GROUPS_MAX);
}
