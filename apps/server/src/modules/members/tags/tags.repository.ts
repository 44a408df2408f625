import type { MemberRule } from '@shop/contract';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { contains } from '@/core/like';
import { paged, sortBy } from '@/core/paging';
import type { Tenant } from '@/core/tenant';
import { tenantTable } from '@/core/tenant-repo';
import { members, memberTagLinks, memberTags } from '@/modules/members/members.tables';
import { ruleWhere } from '@/modules/members/rules/rule.sql';
import { recountTags } from './tag-counts';

export type TagRow = typeof memberTags.$inferSelect;
type TagValues = { name: string; kind: number; rule: MemberRule | null; remark: string };

const SORTS = { name: memberTags.name, memberCount: memberTags.memberCount, createTime: memberTags.createdAt } as const;
const of = (renterId: string) => eq(memberTags.renterId, renterId);

const tags = tenantTable(memberTags);

export const tagsRepo = {
  /** Serialises one renter's tag writes (names stay unique with a friendly message). */
  async lock(tenant: Tenant) {
    const { db, renterId } = tenant;
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`member_tags:${renterId}`}))`);
  },
  async all(tenant: Tenant, keyword: string) {
    const { db, renterId } = tenant;
    const conds: SQL[] = [of(renterId)];
    if (keyword) conds.push(ilike(memberTags.name, contains(keyword)));
    return db
      .select({ id: memberTags.id, name: memberTags.name, kind: memberTags.kind, count: memberTags.memberCount })
      .from(memberTags)
      .where(and(...conds))
      .orderBy(asc(memberTags.name))
      .limit(1000);
  },
  async page(
    tenant: Tenant,
    q: { keyword: string; kind: number; sorter: { field: string; order: string }[]; offset: number; limit: number },
  ) {
    const { db, renterId } = tenant;
    const conds: SQL[] = [of(renterId)];
    if (q.keyword) conds.push(ilike(memberTags.name, contains(q.keyword)));
    if (q.kind) conds.push(eq(memberTags.kind, q.kind));
    const where = and(...conds);
    return paged(
      db
        .select()
        .from(memberTags)
        .where(where)
        .orderBy(...sortBy(q.sorter, SORTS), desc(memberTags.createdAt), asc(memberTags.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(memberTags).where(where),
    );
  },
  byId: tags.byId,
  lockById: tags.lockById,
  byIds: tags.byIds,
  /** The renter's automatic tags (ids), for the hourly refresh. */
  async automatic(tenant: Tenant) {
    const { db, renterId } = tenant;
    return db
      .select({ id: memberTags.id })
      .from(memberTags)
      .where(and(of(renterId), eq(memberTags.kind, 2)))
      .orderBy(asc(memberTags.createdAt));
  },
  async insert(tenant: Tenant, v: TagValues): Promise<TagRow> {
    const { db, renterId } = tenant;
    const [r] = await db
      .insert(memberTags)
      .values({ renterId, ...v })
      .returning();
    return r;
  },
  async update(tenant: Tenant, id: string, v: TagValues) {
    const { db, renterId } = tenant;
    await db
      .update(memberTags)
      .set({ ...v, updatedAt: new Date() })
      .where(and(of(renterId), eq(memberTags.id, id)));
  },
  /** Deletes tags; their links go with them (cascade). */
  async remove(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    await db.delete(memberTags).where(and(of(renterId), inArray(memberTags.id, ids)));
  },
  /**
   * An automatic tag's members made to be exactly those its rule matches now: two set-based statements (links of the
   * members it newly matches, then away with the links of members it no longer matches), then the count. Run in the
   * caller's transaction holding the tag's row lock.
   */
  async applyRule(tenant: Tenant, tagId: string, rule: MemberRule, now: Date) {
    const { db, renterId } = tenant;
    const where = and(eq(members.renterId, renterId), ruleWhere(rule, now));
    const added = await db.execute(sql`
      insert into member_tag_links (renter_id, tag_id, member_id)
      select ${members.renterId}, ${tagId}::uuid, ${members.id} from ${members} where ${where}
      on conflict do nothing`);
    const removed = await db.execute(sql`
      delete from member_tag_links d
      where d.renter_id = ${renterId} and d.tag_id = ${tagId}
        and not exists (select 1 from ${members} where ${members.id} = d.member_id and ${where})`);
    const [r] = await recountTags(tenant, [tagId], { refreshedAt: now });
    const rowsOf = (x: unknown) =>
      Number((x as { rowCount?: number; affectedRows?: number }).rowCount ?? (x as { affectedRows?: number }).affectedRows ?? 0);
    return { added: rowsOf(added), removed: rowsOf(removed), memberCount: r?.memberCount ?? 0 };
  },
  /** The members a rule matches now, or a tag's holders: count and the newest `limit`. */
  async matching(tenant: Tenant, where: SQL, limit: number) {
    const { db, renterId } = tenant;
    const w = and(eq(members.renterId, renterId), where);
    return paged(
      db
        .select({ id: members.id, phone: members.phone, name: members.name, nickname: members.nickname })
        .from(members)
        .where(w)
        .orderBy(desc(members.createdAt), asc(members.id))
        .limit(limit),
      db.select({ n: count() }).from(members).where(w),
    );
  },
  /** Holders of a tag (as a condition over members). */
  holders(tagId: string): SQL {
    return sql`exists (select 1 from ${memberTagLinks} h where h.renter_id = ${members.renterId} and h.member_id = ${members.id} and h.tag_id = ${tagId})`;
  },
};
