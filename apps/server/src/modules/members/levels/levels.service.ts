import { fenToYuan } from '@shop/contract';
import {
  DEFAULT_CARD,
  FORBIDDEN_MSG,
  grantKey,
  LEVEL_IN_USE_MSG,
  LEVEL_MISSING_MSG,
  type levelListBody,
  type levelSaveBody,
  menuPermission,
  type Op,
} from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, userOf } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { pageWindow } from '@/core/paging';
import { tenantOf } from '@/core/tenant';
import { fmtTime } from '@/core/time';
import { type LevelRow, levelRepo as repo, settingsRepo } from './levels.repository';
import { sendRecompute } from './recompute.job';

type SaveInput = z.output<typeof levelSaveBody>;
type ListInput = z.output<typeof levelListBody>;

const notFound = () => new BizError(LEVEL_MISSING_MSG, CODE.notFound);
const invalid = (field: string, msg: string) => new BizError(msg, CODE.validation, { errors: [{ field, msg }] });

/**
 * The /CardLV/:needpay calls let either kind's grant through (one screen); a write or read of one kind needs that
 * kind's grant: CardLV0 for free levels, CardLV1 for paid ones.
 */
export function requireKind(ctx: Ctx, needpay: number, op: Op) {
  const s = userOf(ctx);
  if (s.isOwner) return;
  const g = menuPermission(needpay === 1 ? 'CardLV1' : 'CardLV0')[op];
  if (!s.grants.has(grantKey(g))) throw new BizError(FORBIDDEN_MSG, CODE.forbidden);
}

export const toLevel = (l: LevelRow, holders = 0) => ({
  id: l.id,
  needpay: l.needpay,
  name: l.name,
  rank: l.rank,
  growth: l.growth,
  price: fenToYuan(l.priceFen),
  validDays: l.validDays,
  rights: l.rights,
  card: l.card ?? DEFAULT_CARD,
  description: l.description,
  status: l.status,
  holders,
  createTime: fmtTime(l.createdAt),
});

async function withHolders(ctx: Ctx, rows: LevelRow[]) {
  const n = await repo.holders(tenantOf(ctx), rows);
  return rows.map((l) => toLevel(l, n.get(l.id) ?? 0));
}

/** Every level of a kind, lowest rank first, with its holders. */
export async function list(ctx: Ctx, needpay: number) {
  requireKind(ctx, needpay, 'view');
  return withHolders(ctx, await repo.ofKind(tenantOf(ctx), needpay));
}

/** getlvlist: a kind's levels paged, keyword, status, sortable. */
export async function page(ctx: Ctx, q: ListInput) {
  requireKind(ctx, q.needpay, 'view');
  const { rows, total } = await repo.page(tenantOf(ctx), {
    needpay: q.needpay,
    keyword: q.keyword,
    status: q.status,
    sorter: q.sorter,
    ...pageWindow(q),
  });
  return { rows: await withHolders(ctx, rows), total_count: total };
}

export async function detail(ctx: Ctx, id: string) {
  const l = await repo.byId(tenantOf(ctx), id);
  if (!l) throw notFound();
  requireKind(ctx, l.needpay, 'view');
  const [row] = await withHolders(ctx, [l]);
  return row;
}

/** Enabled levels (either kind, or one), for pickers. */
export async function picks(ctx: Ctx, needpay?: number, enabledOnly = true) {
  const rows = await repo.ofKind(tenantOf(ctx), needpay, enabledOnly);
  return rows.map((l) => ({ id: l.id, name: l.name, needpay: l.needpay, rank: l.rank, status: l.status }));
}

/** GetAllLvData: every level with rights and holders, and the two level systems' switches. */
export async function allData(ctx: Ctx) {
  const s = await settingsRepo.get(tenantOf(ctx));
  return { freeOn: s?.freeOn ?? true, payOn: s?.payOn ?? false, levels: await withHolders(ctx, await repo.ofKind(tenantOf(ctx))) };
}

/**
 * Creates or saves a level. Names and ranks are unique within a kind; a free level's growth threshold rises strictly
 * with its rank ('成长值须高于上一等级', '成长值须低于下一等级'); a paid level needs its price. A free level whose threshold
 * changes sends the renter's level recompute (members.levels.recompute) in the same transaction.
 */
export async function save(ctx: Ctx, input: SaveInput): Promise<{ id: string }> {
  requireKind(ctx, input.needpay, 'edit');
  return inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    await repo.lock(tenant);
    const before = input.id ? await repo.byId(tenant, input.id) : undefined;
    if (input.id && !before) throw notFound();
    if (before && before.needpay !== input.needpay) throw invalid('needpay', '等级类型不能修改');
    const free = input.needpay === 0;
    if (free && input.growth === undefined) throw invalid('growth', '请输入成长值');
    if (!free && input.price === undefined) throw invalid('price', '请输入价格');
    const same = (await repo.ofKind(tenant, input.needpay)).filter((l) => l.id !== before?.id);
    if (same.some((l) => l.name === input.name)) throw invalid('name', '等级名称已存在');
    const taken = same.find((l) => l.rank === input.rank);
    if (taken) throw invalid('rank', `等级${input.rank}已被「${taken.name}」使用`);
    const growth = free ? (input.growth ?? 0) : 0;
    if (free) {
      const below = same.filter((l) => l.rank < input.rank).sort((a, b) => b.rank - a.rank)[0];
      const above = same.filter((l) => l.rank > input.rank).sort((a, b) => a.rank - b.rank)[0];
      if (below && growth <= below.growth) throw invalid('growth', `成长值须高于上一等级（${below.name}：${below.growth}）`);
      if (above && growth >= above.growth) throw invalid('growth', `成长值须低于下一等级（${above.name}：${above.growth}）`);
    }
    const values = {
      needpay: input.needpay,
      name: input.name,
      rank: input.rank,
      growth,
      priceFen: free ? 0 : (input.price ?? 0),
      validDays: free ? 0 : input.validDays,
      rights: input.rights,
      card: input.card ?? before?.card ?? { ...DEFAULT_CARD },
      description: input.description,
    };
    let id: string;
    if (before) {
      await repo.update(tenant, before.id, values);
      id = before.id;
      await audit(tx, { module: 'member', action: '编辑会员等级', recordId: id, before: snapshot(before), after: snapshot(values) });
    } else {
      id = (await repo.insert(tenant, { ...values, status: 1 })).id;
      await audit(tx, { module: 'member', action: '新建会员等级', recordId: id, after: snapshot(values) });
    }
    const thresholdMoved = !before || before.growth !== growth;
    if (free && (before?.status ?? 1) === 1 && thresholdMoved) await sendRecompute(tx, tenant.renterId);
    return { id };
  });
}

const snapshot = (l: Pick<LevelRow, 'name' | 'rank' | 'growth' | 'priceFen' | 'validDays' | 'rights'>) => ({
  name: l.name,
  rank: l.rank,
  growth: l.growth,
  price: fenToYuan(l.priceFen),
  validDays: l.validDays,
  rights: l.rights,
});

const OP_ACTION = { on: '启用会员等级', off: '停用会员等级', delete: '删除会员等级' } as const;

/**
 * 启用 / 停用 / 删除. Turning a free level on or off recomputes every member's free level (a background job); a paid
 * level off is no longer sold, its holders keep it. A level that any member holds cannot be deleted.
 */
export async function update(ctx: Ctx, id: string, op: 'on' | 'off' | 'delete') {
  await inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    await repo.lock(tenant);
    const l = await repo.byId(tenant, id);
    if (!l) throw notFound();
    requireKind(tx, l.needpay, op === 'delete' ? 'delete' : 'edit');
    if (op === 'delete') {
      if (await repo.inUse(tenant, id)) throw new BizError(LEVEL_IN_USE_MSG);
      await repo.remove(tenant, id);
    } else {
      const status = op === 'on' ? 1 : 0;
      if (l.status === status) return;
      await repo.update(tenant, id, { status });
      if (l.needpay === 0) await sendRecompute(tx, tenant.renterId);
    }
    await audit(tx, { module: 'member', action: OP_ACTION[op], recordId: id, before: { name: l.name, status: l.status } });
  });
}
