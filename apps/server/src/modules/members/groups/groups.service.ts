import {
  type countRuleBody,
  type MemberRule,
  fenToYuan,
  GROUP_MISSING_MSG,
  GROUP_NAME_TAKEN_MSG,
  GROUP_RULE_MISSING_MSG,
  type groupListBody,
  type groupMembersBody,
  type groupSaveBody,
} from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx } from '@/core/context';
import { BizError, CODE, fieldError } from '@/core/errors';
import { pageWindow } from '@/core/paging';
import { type Tenant, tenantOf } from '@/core/tenant';
import { fmtTime } from '@/core/time';
import { memberGroups } from '@/modules/members/members.tables';
import { nameTaken } from '@/modules/members/unique-name';
import { type GroupRow, groupsRepo as repo } from './groups.repository';
import { memberOptions } from '@/modules/members/rules/rule-options';
import { checkRuleIds } from './rule-check';

const notFound = () => new BizError(GROUP_MISSING_MSG, CODE.notFound);

const toRow = (g: GroupRow, addedCount: number) => ({
  id: g.id,
  name: g.name,
  rule: g.rule,
  remark: g.remark,
  memberCount: g.memberCount,
  countedAt: fmtTime(g.countedAt),
  addedCount: Number(addedCount),
  createTime: fmtTime(g.createdAt),
});

async function found(tenant: Tenant, id: string) {
  const r = await repo.byId(tenant, id);
  if (!r) throw notFound();
  return r;
}

/** GetGropList: the groups with their last counted size. */
export async function list(ctx: Ctx, q: z.output<typeof groupListBody>) {
  const { rows, total } = await repo.page(tenantOf(ctx), { keyword: q.keyword, sorter: q.sorter, ...pageWindow(q) });
  return { rows: rows.map((r) => toRow(r.g, r.addedCount)), total_count: total };
}

export async function detail(ctx: Ctx, id: string) {
  const r = await found(tenantOf(ctx), id);
  return toRow(r.g, r.addedCount);
}

/**
 * SaveGroup: name unique in the renter, the rule's levels, tags and cards the renter's own; a new group needs a
 * condition, a saved one may drop its conditions only while it holds members added by hand. Recounted in the same
 * transaction.
 */
export async function save(ctx: Ctx, input: z.output<typeof groupSaveBody>): Promise<{ id: string }> {
  return inTx(ctx, async (tx) => {
    const t = tenantOf(tx);
    await repo.lock(t);
    const before = input.id ? await repo.lockById(t, input.id) : undefined;
    if (input.id && !before) throw notFound();
    if (await nameTaken(t, memberGroups, input.name, before?.id)) throw fieldError('name', GROUP_NAME_TAKEN_MSG);
    if (input.rule.items.length === 0 && (!before || (await repo.addedCount(t, before.id)) === 0))
      throw fieldError('rule', GROUP_RULE_MISSING_MSG);
    await checkRuleIds(t, input.rule);
    const values = { name: input.name, rule: input.rule, remark: input.remark };
    let id: string;
    if (before) {
      await repo.update(t, before.id, values);
      id = before.id;
    } else {
      id = (await repo.insert(t, values)).id;
    }
    const counted = await repo.recount(t, { id, rule: input.rule }, new Date());
    await audit(tx, {
      module: 'member',
      action: before ? '编辑会员分组' : '新建会员分组',
      recordId: id,
      before: before ? { name: before.name, rule: before.rule, remark: before.remark } : undefined,
      after: { ...values, memberCount: counted?.memberCount },
    });
    return { id };
  });
}

/** DelGroups: the groups and their hand-added links (cascade); members stay. */
export async function remove(ctx: Ctx, ids: string[]) {
  const unique = [...new Set(ids)];
  await inTx(ctx, async (tx) => {
    const t = tenantOf(tx);
    const rows = await repo.byIds(t, unique);
    if (rows.length !== unique.length) throw notFound();
    await repo.remove(t, unique);
    await audit(tx, {
      module: 'member',
      action: '删除会员分组',
      recordId: unique.join(','),
      before: rows.map((g) => ({ id: g.id, name: g.name, rule: g.rule })),
    });
  });
}

/** 刷新人数: one count statement, stored with its time. */
export async function refreshCount(ctx: Ctx, id: string) {
  return inTx(ctx, async (tx) => {
    const t = tenantOf(tx);
    const g = await repo.lockById(t, id);
    if (!g) throw notFound();
    const r = await repo.recount(t, g, new Date());
    return { id, memberCount: r?.memberCount ?? 0, countedAt: fmtTime(r?.countedAt) };
  });
}

/** A group's member count recounted and stored with the time (刷新人数's statement; the demo seed's too). */
export async function recountGroup(tenant: Tenant, group: { id: string; rule: MemberRule }, now: Date) {
  return repo.recount(tenant, group, now);
}

/** CountRule: the members the rule matches now (one count). */
export async function countRule(ctx: Ctx, q: z.output<typeof countRuleBody>) {
  return { count: await repo.countRule(tenantOf(ctx), q.rule, new Date()) };
}

/** GroupMembers: who is in the group now. */
export async function groupMembers(ctx: Ctx, q: z.output<typeof groupMembersBody>) {
  const t = tenantOf(ctx);
  const { g } = await found(t, q.id);
  const { rows, total } = await repo.members(t, g, new Date(), pageWindow({ ...q }));
  return {
    rows: rows.map(({ m, levelName, added }) => ({
      id: m.id,
      phone: m.phone ?? '',
      name: m.name,
      nickname: m.nickname,
      kind: m.kind,
      levelName,
      orderCount: m.orderCount,
      spend: fenToYuan(m.spendFen),
      added: Boolean(added),
    })),
    total_count: total,
  };
}

export async function ruleOptions(ctx: Ctx) {
  const { levels, tags, cards } = await memberOptions(tenantOf(ctx), { cardsBy: 'created', groups: false });
  return { levels, tags, cards };
}
