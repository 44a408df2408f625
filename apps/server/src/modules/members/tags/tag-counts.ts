import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tenant } from '@/core/tenant';
import { memberTagLinks, memberTags } from '@/modules/members/members.tables';

/**
 * Sets each tag's member_count to its links, one statement, in the caller's transaction (after the links changed).
 * Used by every writer of tag links: 打标签/移除标签 and 添加会员 (customers/), the automatic tags' refresh (tags.repository),
 * the import (import/) and the demo seed. `stamp` is what else the statement sets (default: updated_at now; the
 * refresh sets refreshed_at instead). Returns the tags' new counts.
 */
export async function recountTags(
  tenant: Tenant,
  tagIds: string[],
  stamp: { updatedAt?: Date; refreshedAt?: Date } = { updatedAt: new Date() },
): Promise<{ id: string; memberCount: number; refreshedAt: Date | null }[]> {
  const { db, renterId } = tenant;
  if (!tagIds.length) return [];
  return db
    .update(memberTags)
    .set({
      memberCount: sql`(select count(*)::int from ${memberTagLinks} l where l.renter_id = ${memberTags.renterId} and l.tag_id = ${memberTags.id})`,
      ...stamp,
    })
    .where(and(eq(memberTags.renterId, renterId), inArray(memberTags.id, tagIds)))
    .returning({ id: memberTags.id, memberCount: memberTags.memberCount, refreshedAt: memberTags.refreshedAt });
}
