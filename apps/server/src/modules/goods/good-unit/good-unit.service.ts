import type { goodUnitListBody, goodUnitSaveBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { fmtTime } from '@/core/time';
import { type GoodUnitRow, goodUnitRepo as repo } from './good-unit.repository';
import { pageWindow } from '@/core/paging';
import type { Tenant } from '@/core/tenant';
import { tenantOf } from '@/core/tenant';

type SaveInput = z.output<typeof goodUnitSaveBody>;
type ListInput = z.output<typeof goodUnitListBody>;
export type MoveDirection = 'up' | 'down' | 'top';

const notFound = () => new BizError('单位不存在', CODE.notFound);

const toRow = (u: GoodUnitRow) => ({ id: u.id, name: u.name, sort: u.sort, status: u.status, createTime: fmtTime(u.createdAt) });

async function found(tenant: Tenant, id: string): Promise<GoodUnitRow> {
  const u = await repo.byId(tenant, id);
  if (!u) throw notFound();
  return u;
}

/** Enabled units, smallest sort first, for pickers. */
export async function allEnabled(ctx: Ctx) {
  return (await repo.enabled(tenantOf(ctx))).map((u) => ({ id: u.id, name: u.name }));
}

/** The /Unit list: keyword, status, sortable columns, server paging; smallest sort first by default. */
export async function list(ctx: Ctx, q: ListInput) {
  const { rows, total } = await repo.page(tenantOf(ctx), {
    keyword: q.keyword,
    status: q.status,
    sorter: q.sorter,
    ...pageWindow(q),
  });
  return { rows: rows.map(toRow), total_count: total };
}

export async function detail(ctx: Ctx, id: string) {
  return toRow(await found(tenantOf(ctx), id));
}

/** Creates (last in order) or updates a unit; answers its id. */
export async function save(ctx: Ctx, input: SaveInput): Promise<{ id: string }> {
  const { renterId, userId } = renterOf(ctx);
  return inTx(ctx, async (tx) => {
    await repo.lock(tenantOf(tx));
    const before = input.id ? await found(tenantOf(tx), input.id) : undefined;
    if (await repo.nameTaken(tenantOf(tx), input.name, before?.id)) {
      const msg = '单位名称已存在';
      throw new BizError(msg, CODE.validation, { errors: [{ field: 'name', msg }] });
    }
    const values = { name: input.name, status: input.status ?? before?.status ?? 1 };
    if (before) {
      await repo.update(tenantOf(tx), before.id, values);
      await audit(tx, {
        module: 'goods',
        action: '编辑单位',
        recordId: before.id,
        before: { name: before.name, status: before.status },
        after: values,
      });
      return { id: before.id };
    }
    const sort = (await repo.maxSort(tenantOf(tx))) + 1;
    const created = await repo.insert(tx.db, { renterId, sort, createdBy: userId, ...values });
    await audit(tx, { module: 'goods', action: '新建单位', recordId: created.id, after: { ...values, sort } });
    return { id: created.id };
  });
}

/** Enables (1) or disables (0) units; a disabled unit is no longer offered to pick. */
export async function setStatus(ctx: Ctx, ids: string[], status: 0 | 1) {
  const unique = [...new Set(ids)];
  await inTx(ctx, async (tx) => {
    const rows = await repo.byIds(tenantOf(tx), unique);
    if (rows.length !== unique.length) throw notFound();
    await repo.setStatus(tenantOf(tx), unique, status);
    await audit(tx, {
      module: 'goods',
      action: status === 1 ? '启用单位' : '禁用单位',
      recordId: unique.join(','),
      before: rows.map((r) => ({ id: r.id, status: r.status })),
      after: { status },
    });
  });
}

/** Saves sort values; every unit keeps a sort value of its own. */
export async function sort(ctx: Ctx, list: { id: string; sort: number }[]) {
  await inTx(ctx, async (tx) => {
    await repo.lock(tenantOf(tx));
    const wanted = new Map(list.map((x) => [x.id, x.sort]));
    if (wanted.size !== list.length) throw new BizError('同一单位不能出现两次', CODE.validation);
    if (new Set(wanted.values()).size !== wanted.size) throw new BizError('排序值不能重复', CODE.validation);
    const rows = await repo.byIds(tenantOf(tx), [...wanted.keys()]);
    if (rows.length !== wanted.size) throw notFound();
    const [holder] = await repo.holdingSorts(tenantOf(tx), [...wanted.values()], [...wanted.keys()]);
    if (holder) throw new BizError(`排序值${holder.sort}已被单位「${holder.name}」使用`, CODE.validation);
    const changed = rows.filter((r) => r.sort !== wanted.get(r.id)).map((r) => ({ id: r.id, sort: wanted.get(r.id) as number }));
    await repo.setSorts(tenantOf(tx), changed);
    await audit(tx, {
      module: 'goods',
      action: '单位排序',
      recordId: changed.map((c) => c.id).join(','),
      before: rows.filter((r) => r.sort !== wanted.get(r.id)).map((r) => ({ id: r.id, sort: r.sort })),
      after: changed,
    });
  });
}

const MOVE_ACTION: Record<MoveDirection, string> = { up: '单位上移', down: '单位下移', top: '单位置顶' };

/**
 * Moves a unit one place up or down (a swap of sort values with its neighbour) or to the top (it takes the first
 * sort value; those before it each take the next one's). One transaction under the enterprise's unit lock, so
 * moves at the same time never leave two units with one sort value.
 */
export async function move(ctx: Ctx, id: string, direction: MoveDirection) {
  await inTx(ctx, async (tx) => {
    await repo.lock(tenantOf(tx));
    const unit = await found(tenantOf(tx), id);
    let changes: { id: string; sort: number }[];
    if (direction === 'top') {
      const before = await repo.upTo(tenantOf(tx), unit.sort);
      if (before.length <= 1) throw new BizError('已经在最前面了');
      changes = before.map((u, i) => (u.id === unit.id ? { id: u.id, sort: before[0].sort } : { id: u.id, sort: before[i + 1].sort }));
    } else {
      const other = await repo.neighbour(tenantOf(tx), unit.sort, direction);
      if (!other) throw new BizError(direction === 'up' ? '已经在最前面了' : '已经在最后面了');
      changes = [
        { id: unit.id, sort: other.sort },
        { id: other.id, sort: unit.sort },
      ];
    }
    await repo.setSorts(tenantOf(tx), changes);
    await audit(tx, { module: 'goods', action: MOVE_ACTION[direction], recordId: unit.id, before: { sort: unit.sort }, after: changes });
  });
}
