import {
  ALREADY_MEMBER_MSG,
  AUTO_TAG_MSG,
  CLIENT_ROW_TAGS,
  type ClientFilter,
  type ClientListBody,
  type ClientRow,
  FIND_USER_MAX,
  fenToYuan,
  MEMBER_AUDIT_TEXT,
  MEMBER_KIND_TEXT,
  MEMBER_SOURCE_TEXT,
  MEMBER_STATUS_TEXT,
  type addToGroupBody,
  type createVipBody,
  SEX_TEXT,
  type tagMembersBody,
} from '@shop/contract';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx } from '@/core/context';
import { BizError, CODE, fieldError } from '@/core/errors';
import { memoized } from '@/core/memo';
import { pageWindow } from '@/core/paging';
import { type Tenant, tenantOf } from '@/core/tenant';
import { fmtTime, isAfterToday } from '@/core/time';
import { memberEvent } from '@/modules/members/member-events';
import { type ClientDbRow, customersRepo as repo } from './customers.repository';
import { groupOptions, memberOptions } from '@/modules/members/rules/rule-options';
import { recountTags } from '@/modules/members/tags/tag-counts';

const CUSTOMER_MISSING_MSG = '客户不存在';
const GROUP_MISSING_MSG = '分组不存在';
const TAG_MISSING_MSG = '标签不存在';

const options = (texts: Record<number, string>) => Object.entries(texts).map(([value, label]) => ({ value: Number(value), label }));

/** A list or export row as the API answers it (money in yuan). */
export function clientRowOf(r: ClientDbRow, tags?: { names: string[]; count: number }): ClientRow {
  return {
    id: r.id,
    kind: r.kind,
    kindText: MEMBER_KIND_TEXT[r.kind] ?? '',
    phone: r.phone ?? '',
    name: r.name,
    nickname: r.nickname,
    avatar: r.avatar,
    sex: r.sex,
    sexText: SEX_TEXT[r.sex] ?? '',
    levelName: r.levelName ?? '',
    tags: tags?.names ?? [],
    tagCount: tags?.count ?? 0,
    source: r.source,
    sourceText: MEMBER_SOURCE_TEXT[r.source] ?? '',
    status: r.status,
    audit: r.audit,
    auditText: MEMBER_AUDIT_TEXT[r.audit] ?? '',
    orderCount: r.orderCount,
    spend: fenToYuan(r.spendFen),
    lastOrderTime: fmtTime(r.lastOrderAt),
    balance: fenToYuan(r.balanceFen),
    points: r.points,
    growth: r.growth,
    createTime: fmtTime(r.createdAt),
    memberTime: fmtTime(r.memberAt),
  };
}

export async function findOptions(ctx: Ctx) {
  const o = await memberOptions(tenantOf(ctx), { cardsBy: 'name', groups: true });
  return {
    ...o,
    sources: options(MEMBER_SOURCE_TEXT),
    sexes: options(SEX_TEXT),
    kinds: options(MEMBER_KIND_TEXT),
    audits: options(MEMBER_AUDIT_TEXT),
    statuses: options(MEMBER_STATUS_TEXT),
  };
}

/**
 * The time the list's filters are read at: the start of the current minute. A filter with a time in it (cards in
 * force: not expired by now) is then the same query text and parameters for a minute, so the bounded count's estimate
 * past COUNT_BOUND is kept (core/paging.ts) instead of counting and planning again on every page; with the exact time
 * every call missed it (the 客户查询 bench's card filter: 10 ms of database time per page). A card that expired less
 * than a minute ago may still match for the rest of that minute.
 */
function filterNow(): Date {
  return new Date(Math.floor(Date.now() / 60_000) * 60_000);
}

/**
 * One page: the page query (its bounded count embedded) and one query for the page's tag names. total_count is exact
 * up to the paging bound and an estimate past it (total_estimated); GetFindTotal answers the exact count beside it.
 */
export async function listClients(ctx: Ctx, q: ClientListBody) {
  const tenant = tenantOf(ctx);
  const now = filterNow();
  const { offset, limit } = pageWindow(q);
  const where = await repo.filterWhere(tenant, q, now);
  const { rows, total, estimated } = await repo.page(tenant, where, q.sorter, offset, limit, now, { keyword: !!q.keyword });
  const tags = await repo.tagsOf(
    tenant,
    rows.map((r) => r.id),
    CLIENT_ROW_TAGS,
  );
  return {
    rows: rows.map((r) => clientRowOf(r, tags.get(r.id))),
    total_count: total,
    ...(estimated ? { total_estimated: true } : {}),
  };
}

// The exact count and the sums read every matching row (0.2–0.7 s at 1,000,000 members). Past COUNT_BOUND matches
// they are kept 30 s per renter and filter, one computation at a time (core/memo.ts), so a team opening the list
// together costs one; a smaller set (every test, most shops' filters) is always read fresh.
const counts = memoized<number>({ ttlMs: 30_000 });
const sums = memoized<Awaited<ReturnType<typeof repo.sums>>>({ ttlMs: 30_000 });

async function bigOrFresh<T>(
  ctx: Ctx,
  f: ClientFilter,
  memo: (key: string, compute: () => Promise<T>) => Promise<T>,
  read: (tenant: Tenant, where: SQL) => Promise<T>,
) {
  const tenant = tenantOf(ctx);
  const where = await repo.filterWhere(tenant, f, filterNow());
  if (!(await repo.isLarge(tenant, where))) return read(tenant, where);
  return memo(`${tenant.renterId}\u0000${JSON.stringify(f)}`, () => read(tenant, where));
}

export async function countClients(ctx: Ctx, f: ClientFilter) {
  return { count: await bigOrFresh(ctx, f, counts, (tenant, where) => repo.count(tenant, where)) };
}

export async function sumClients(ctx: Ctx, f: ClientFilter) {
  const r = await bigOrFresh(ctx, f, sums, (tenant, where) => repo.sums(tenant, where));
  return { count: r?.n ?? 0, spend: fenToYuan(r?.spendFen ?? 0), balance: fenToYuan(r?.balanceFen ?? 0), points: r?.points ?? 0 };
}

export async function findUsers(ctx: Ctx, keyword: string) {
  const rows = await repo.findMembers(tenantOf(ctx), keyword, FIND_USER_MAX, new Date());
  return rows.map((r) => ({
    id: r.id,
    phone: r.phone ?? '',
    name: r.name,
    nickname: r.nickname,
    avatar: r.avatar,
    levelName: r.levelName ?? '',
  }));
}

export const clientGroups = (ctx: Ctx) => groupOptions(tenantOf(ctx));

/** The chosen ids, each one of the renter's customers: another renter's id answers like a missing one. */
async function ownIds(tenant: Tenant, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await repo.existingIds(tenant, unique);
  if (found.length !== unique.length) throw new BizError(CUSTOMER_MISSING_MSG, CODE.notFound);
  return unique;
}

/** The chosen tags, each the renter's and manual. */
async function manualTags(tenant: Tenant, ids: string[]) {
  const unique = [...new Set(ids)];
  const tags = await repo.tagsByIds(tenant, unique);
  if (tags.length !== unique.length) throw new BizError(TAG_MISSING_MSG, CODE.notFound);
  const auto = tags.find((t) => t.kind !== 1);
  if (auto) throw new BizError(`${AUTO_TAG_MSG}：${auto.name}`);
  return tags;
}

export async function addToGroup(ctx: Ctx, b: z.output<typeof addToGroupBody>) {
  return inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    if (!(await repo.groupExists(tenant, b.groupId))) throw new BizError(GROUP_MISSING_MSG, CODE.notFound);
    const ids = await ownIds(tenant, b.ids);
    const changed = await repo.linkGroup(tenant, b.groupId, ids);
    await audit(tx, { module: 'member', action: '加入分组', recordId: b.groupId, after: { members: ids.length, added: changed } });
    return { changed };
  });
}

/**
 * Bulk 打标签 / 移除标签: links written, the touched tags' member_count recounted, one audit row for the call (no history
 * line per member: a bulk call may touch a thousand), all in one transaction.
 */
export async function tagMembers(ctx: Ctx, b: z.output<typeof tagMembersBody>, attach: boolean) {
  return inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    const tags = await manualTags(tenant, b.tagIds);
    const ids = await ownIds(tenant, b.ids);
    const tagIds = tags.map((t) => t.id);
    const changed = attach ? await repo.linkTags(tenant, tagIds, ids) : await repo.unlinkTags(tenant, tagIds, ids);
    await recountTags(tenant, tagIds);
    await audit(tx, {
      module: 'member',
      action: attach ? '批量打标签' : '批量移除标签',
      after: { tags: tags.map((t) => t.name), members: ids.length, changed, ids: ids.slice(0, 50) },
    });
    return { changed };
  });
}

/** 添加会员: a new member, or the customer of that phone made a member (source stays where it came from). */
export async function createVipUser(ctx: Ctx, b: z.output<typeof createVipBody>) {
  if (b.birthday && isAfterToday(b.birthday)) throw fieldError('birthday', '生日不能晚于今天');
  return inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    const tags = b.tagIds.length ? await manualTags(tenant, b.tagIds) : [];
    const at = new Date();
    const v = { name: b.name, sex: b.sex, birthday: b.birthday ?? null, remark: b.remark, at };
    const existing = await repo.lockByPhone(tenant, b.phone);
    if (existing?.kind === 1) throw fieldError('phone', ALREADY_MEMBER_MSG);
    let id: string;
    if (existing) {
      const r = await repo.convertCustomer(tenant, existing.id, v);
      if (!r) throw fieldError('phone', ALREADY_MEMBER_MSG);
      id = r.id;
    } else {
      const r = await repo.insertMember(tenant, { phone: b.phone, ...v });
      // Another call added the phone meanwhile (the unique (renter, phone) index).
      if (!r) throw fieldError('phone', ALREADY_MEMBER_MSG);
      id = r.id;
    }
    if (tags.length) {
      const tagIds = tags.map((t) => t.id);
      await repo.linkTags(tenant, tagIds, [id]);
      await recountTags(tenant, tagIds);
    }
    await memberEvent(tx, tenant, id, 'register', '后台添加会员', existing ? '客户转为会员' : '');
    await audit(tx, {
      module: 'member',
      action: '添加会员',
      recordId: id,
      after: { phone: b.phone, name: b.name, sex: b.sex, birthday: b.birthday ?? '', tags: tags.map((t) => t.name), converted: !!existing },
    });
    return { id, converted: !!existing };
  });
}

/** 审核: waiting members (audit 0) passed or refused; the others are left as they are. */
export async function auditUsers(ctx: Ctx, ids: string[], pass: boolean) {
  return inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    const own = await ownIds(tenant, ids);
    const changed = await repo.setAudit(tenant, own, pass ? 1 : 2);
    if (!changed.length) throw new BizError('所选会员都不是待审核状态');
    const title = pass ? '会员审核通过' : '会员审核拒绝';
    for (const id of changed) await memberEvent(tx, tenant, id, 'audit', title);
    await audit(tx, { module: 'member', action: pass ? '审核通过会员' : '审核拒绝会员', after: { ids: changed } });
    return { changed: changed.length };
  });
}
