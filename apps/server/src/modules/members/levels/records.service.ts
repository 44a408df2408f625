import { fenToYuan } from '@shop/contract';
import { GROWTH_KIND_TEXT, LEVEL_GRANT_SOURCE_TEXT, type growthLogBody, type grantListBody } from '@shop/contract';
import type { z } from 'zod';
import { BizError, CODE } from '@/core/errors';
import type { Ctx } from '@/core/context';
import { pageWindow } from '@/core/paging';
import { type Tenant, tenantOf } from '@/core/tenant';
import { fmtTime, parseTime } from '@/core/time';
import { operatorNames } from '@/modules/members/operators';
import { recordRepo as repo } from './levels.repository';

type Range = { start: string; end: string };

/** A day range of a filter (display zone), end day included. */
function rangeOf(q: Range): { from?: Date; to?: Date } {
  const from = q.start ? parseTime(`${q.start} 00:00:00`) : undefined;
  const to = q.end ? new Date(parseTime(`${q.end} 00:00:00`).getTime() + 86_400_000) : undefined;
  if (from && to && from >= to) throw new BizError('开始日期不能晚于结束日期', CODE.validation);
  return { from, to };
}

async function membersOf(tenant: Tenant, q: { phone: string; memberId?: string }): Promise<string[] | undefined> {
  if (q.memberId && q.phone) return (await repo.memberIdsByPhone(tenant, q.phone)).filter((id) => id === q.memberId);
  if (q.memberId) return [q.memberId];
  if (q.phone) return repo.memberIdsByPhone(tenant, q.phone);
  return undefined;
}

/** The members (phone, nickname) and operators of a page of records, read beside each other. */
async function namesOf(tenant: Tenant, rows: { memberId: string; operatorId: string | null }[]) {
  const [names, ops] = await Promise.all([
    repo.memberNames(
      tenant,
      rows.map((r) => r.memberId),
    ),
    operatorNames(
      tenant,
      rows.map((r) => r.operatorId),
    ),
  ]);
  return {
    member: (id: string) => ({ phone: names.get(id)?.phone ?? '', nickname: names.get(id)?.nickname ?? '' }),
    operator: (id: string | null) => (id ? (ops.get(id) ?? '') : undefined),
  };
}

/** A records page's total: exact up to the paging bound, an estimate past it. */
const totalFields = (total: { total: number; estimated?: boolean }) => ({
  total_count: total.total,
  ...(total.estimated ? { total_estimated: true } : {}),
});

/**
 * GetGroupLosgPage (成长值记录): growth changes of every member, or of one (memberId, for the member's detail), by
 * phone, source kind and day range, newest first; each with the level before and after and who made it.
 */
export async function growthLog(ctx: Ctx, q: z.output<typeof growthLogBody>) {
  const tenant = tenantOf(ctx);
  const { rows, total } = await repo.growthPage(tenant, {
    memberIds: await membersOf(tenant, q),
    kind: q.kind,
    ...rangeOf(q),
    sorter: q.sorter,
    ...pageWindow(q),
  });
  const n = await namesOf(tenant, rows);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      memberId: r.memberId,
      ...n.member(r.memberId),
      change: r.change,
      growthAfter: r.growthAfter,
      kind: r.kind,
      kindText: GROWTH_KIND_TEXT[r.kind] ?? '',
      reason: r.reason,
      levelBefore: r.levelBefore,
      levelAfter: r.levelAfter,
      operator: n.operator(r.operatorId) ?? (r.operatorName || '系统'),
      createTime: fmtTime(r.createdAt),
    })),
    ...totalFields(total),
  };
}

/** GetRecordList (等级购买记录): paid levels bought or set by staff, by level, phone and day range, newest first. */
export async function grantList(ctx: Ctx, q: z.output<typeof grantListBody>) {
  const tenant = tenantOf(ctx);
  const { rows, total } = await repo.grantPage(tenant, {
    memberIds: await membersOf(tenant, { phone: q.phone }),
    levelId: q.levelId,
    ...rangeOf(q),
    sorter: q.sorter,
    ...pageWindow(q),
  });
  const n = await namesOf(tenant, rows);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      memberId: r.memberId,
      ...n.member(r.memberId),
      levelId: r.levelId,
      levelName: r.levelName,
      source: r.source,
      sourceText: LEVEL_GRANT_SOURCE_TEXT[r.source] ?? '',
      amount: fenToYuan(r.amountFen),
      startTime: fmtTime(r.startsAt),
      expireTime: r.expiresAt ? fmtTime(r.expiresAt) : '永久有效',
      operator: n.operator(r.operatorId) ?? '',
      createTime: fmtTime(r.createdAt),
    })),
    ...totalFields(total),
  };
}
