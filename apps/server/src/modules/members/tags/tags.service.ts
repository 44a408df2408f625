import {
  type MemberRule,
  SCORE_SAMPLE,
  type scoreBody,
  TAG_MISSING_MSG,
  TAG_NAME_TAKEN_MSG,
  type tagListBody,
  type tagSaveBody,
} from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx } from '@/core/context';
import { BizError, CODE, fieldError } from '@/core/errors';
import { pageWindow } from '@/core/paging';
import { type Tenant, tenantOf } from '@/core/tenant';
import { fmtTime } from '@/core/time';
import { memberTags } from '@/modules/members/members.tables';
import { nameTaken } from '@/modules/members/unique-name';
import { checkRuleIds, ruleIds } from '@/modules/members/groups/rule-check';
import { ruleWhere } from '@/modules/members/rules/rule.sql';
import { sendTagRefresh } from './tags.job';
import { type TagRow, tagsRepo as repo } from './tags.repository';

const notFound = () => new BizError(TAG_MISSING_MSG, CODE.notFound);

const toRow = (t: TagRow) => ({
  id: t.id,
  name: t.name,
  kind: t.kind,
  rule: t.kind === 2 ? (t.rule ?? null) : null,
  memberCount: t.memberCount,
  remark: t.remark,
  refreshedAt: fmtTime(t.refreshedAt),
  createTime: fmtTime(t.createdAt),
});

async function found(tenant: Tenant, id: string) {
  const t = await repo.byId(tenant, id);
  if (!t) throw notFound();
  return t;
}

export async function pickList(ctx: Ctx, keyword = '') {
  return (await repo.all(tenantOf(ctx), keyword)).map((r) => ({ ...r, count: Number(r.count) }));
}

export async function list(ctx: Ctx, q: z.output<typeof tagListBody>) {
  const { rows, total } = await repo.page(tenantOf(ctx), { keyword: q.keyword, kind: q.kind, sorter: q.sorter, ...pageWindow(q) });
  return { rows: rows.map(toRow), total_count: total };
}

export async function detail(ctx: Ctx, id: string) {
  return toRow(await found(tenantOf(ctx), id));
}

/**
 * save: name unique in the renter; an automatic tag's rule names the renter's own levels, tags and cards and never
 * the tag itself. Saving an automatic tag sends its refresh job (in the same transaction). A tag turned manual keeps
 * its members as manual links.
 */
export async function save(ctx: Ctx, input: z.output<typeof tagSaveBody>): Promise<{ id: string }> {
  return inTx(ctx, async (tx) => {
    const t = tenantOf(tx);
    await repo.lock(t);
    const before = input.id ? await repo.lockById(t, input.id) : undefined;
    if (input.id && !before) throw notFound();
    if (await nameTaken(t, memberTags, input.name, before?.id)) throw fieldError('name', TAG_NAME_TAKEN_MSG);
    // A rule sent with a manual tag is checked like any (it names the renter's own rows) and not stored.
    if (input.rule) {
      if (before && ruleIds(input.rule).tags.includes(before.id)) throw fieldError('rule', '自动标签的条件不能包含标签自身');
      await checkRuleIds(t, input.rule);
    }
    const rule: MemberRule | null = input.kind === 2 ? (input.rule ?? null) : null;
    const values = { name: input.name, kind: input.kind, rule, remark: input.remark };
    let id: string;
    if (before) {
      await repo.update(t, before.id, values);
      id = before.id;
    } else {
      id = (await repo.insert(t, values)).id;
    }
    if (rule) await sendTagRefresh(tx, { renterId: t.renterId, tagId: id });
    await audit(tx, {
      module: 'member',
      action: before ? '编辑标签' : '新建标签',
      recordId: id,
      before: before ? { name: before.name, kind: before.kind, rule: before.rule, remark: before.remark } : undefined,
      after: values,
    });
    return { id };
  });
}

/** delete: the tags and every member's link to them (cascade), one transaction. */
export async function remove(ctx: Ctx, ids: string[]) {
  const unique = [...new Set(ids)];
  await inTx(ctx, async (tx) => {
    const t = tenantOf(tx);
    const rows = await repo.byIds(t, unique);
    if (rows.length !== unique.length) throw notFound();
    await repo.remove(t, unique);
    await audit(tx, {
      module: 'member',
      action: '删除标签',
      recordId: unique.join(','),
      before: rows.map((r) => ({ id: r.id, name: r.name, kind: r.kind, memberCount: r.memberCount })),
    });
  });
}

/** refresh: sends the automatic tag's recompute; answers the last refresh time (the console waits for it to move). */
export async function refresh(ctx: Ctx, id: string) {
  return inTx(ctx, async (tx) => {
    const t = tenantOf(tx);
    const tag = await found(t, id);
    if (tag.kind !== 2) throw new BizError('只有自动标签需要刷新', CODE.validation);
    await sendTagRefresh(tx, { renterId: t.renterId, tagId: id });
    await audit(tx, { module: 'member', action: '刷新自动标签', recordId: id });
    return { id, refreshedAt: fmtTime(tag.refreshedAt) };
  });
}

/**
 * getScoreUIDS: the members a rule matches now (the rule being edited), or those of a saved tag (an automatic tag's
 * rule evaluated now; a manual tag's holders): count and the newest SCORE_SAMPLE. With both, the tag must exist and
 * the rule is previewed.
 */
export async function score(ctx: Ctx, q: z.output<typeof scoreBody>) {
  const t = tenantOf(ctx);
  const now = new Date();
  // A tag named must be the renter's; the rule sent (the editor's, unsaved) wins over the saved one.
  const tag = q.tagId ? await found(t, q.tagId) : undefined;
  let where = q.rule ? ruleWhere(q.rule, now) : undefined;
  if (!where && tag) where = tag.kind === 2 && tag.rule?.items.length ? ruleWhere(tag.rule, now) : repo.holders(tag.id);
  if (!where) throw fieldError('rule', '请设置条件');
  const { rows, total } = await repo.matching(t, where, SCORE_SAMPLE);
  return { count: total, rows: rows.map((m) => ({ id: m.id, phone: m.phone ?? '', name: m.name, nickname: m.nickname })) };
}
