import {
  allGrants,
  grantableLeaves,
  grantKey,
  MENU,
  type MenuDef,
  menuOps,
  type Op,
  OPS,
  type roleListBody,
  type roleSaveBody,
} from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE, fieldError } from '@/core/errors';
import { pageWindow } from '@/core/paging';
import { fmtTime } from '@/core/time';
import { lockTeam, type RoleRow, roleRepo } from './team.repository';
import { tenantOf } from '@/core/tenant';

type ListInput = z.output<typeof roleListBody>;
type SaveInput = z.output<typeof roleSaveBody>;

const notFound = () => new BizError('岗位不存在', CODE.notFound);

const toRow = (r: RoleRow, staffCount: number) => ({
  id: r.id,
  name: r.name,
  remark: r.remark,
  isOwner: r.isOwner,
  staffCount,
  createTime: fmtTime(r.createdAt),
});

/**
 * A role's grants as stored: only entries and operations the catalogue offers (refused otherwise, naming the grant);
 * 编辑/删除/导出 bring 查看 with them; in catalogue order without repeats.
 */
export function normalizeGrants(input: string[]): string[] {
  const all = menuOps();
  const leaves = new Map(grantableLeaves().map((d) => [d.key, d]));
  const wanted = new Set<string>();
  for (const g of input) {
    const [key, op, ...rest] = g.split(':');
    const ops = all[key] ?? [];
    if (!leaves.has(key) || rest.length > 0 || (op !== undefined && (op === 'view' || !ops.includes(op as Op))))
      throw fieldError('grants', `权限不正确：${g}`);
    wanted.add(key);
    if (op !== undefined) wanted.add(g);
  }
  return [...leaves.keys()].flatMap((key) => OPS.map((op) => grantKey({ menu: key, op })).filter((k) => wanted.has(k)));
}

/** The role editor's catalogue: first-level areas › sub-groups › grantable entries with their operations. */
export function roleMenu() {
  const all = menuOps();
  const entriesOf = (g: MenuDef) =>
    grantableLeaves(g.path ? [g] : (g.children ?? [])).map((d) => ({
      key: d.key,
      name: d.name,
      path: d.path ?? '',
      hidden: d.hidden ?? false,
      ops: all[d.key],
    }));
  return MENU.map((area) => ({
    key: area.key,
    name: area.name,
    groups: (area.children ?? []).map((g) => ({ key: g.key, name: g.name, entries: entriesOf(g) })).filter((g) => g.entries.length > 0),
  })).filter((a) => a.groups.length > 0);
}

/** The /rolePermissions list: keyword on the name, each role with its member count. */
export async function list(ctx: Ctx, q: ListInput) {
  const { rows, total } = await roleRepo.page(tenantOf(ctx), { keyword: q.keyword, ...pageWindow(q) });
  return { rows: rows.map((x) => toRow(x.r, x.staffCount)), total_count: total };
}

/** One role with its grants (the owner role: every grant). */
export async function detail(ctx: Ctx, id: string) {
  const found = await roleRepo.withCount(tenantOf(ctx), id);
  if (!found) throw notFound();
  // Grants of entries the catalogue no longer offers are left out (and dropped at the next save).
  const held = new Set(found.r.menuKeys);
  const grants = allGrants().filter((g) => found.r.isOwner || held.has(g));
  return { ...toRow(found.r, found.staffCount), grants };
}

/** Creates or saves a role; the new grants apply to its members from their next call. */
export async function save(ctx: Ctx, input: SaveInput): Promise<{ id: string }> {
  const { renterId } = renterOf(ctx);
  const menuKeys = normalizeGrants(input.grants);
  return inTx(ctx, async (tx) => {
    await lockTeam(tenantOf(tx));
    const before = input.id ? (await roleRepo.withCount(tenantOf(tx), input.id))?.r : undefined;
    if (input.id && !before) throw notFound();
    if (before?.isOwner) throw new BizError('超级管理员岗位不能编辑');
    if (await roleRepo.nameTaken(tenantOf(tx), input.name, before?.id)) throw fieldError('name', '岗位名称已存在');
    const values = { name: input.name, remark: input.remark, menuKeys };
    if (before) {
      await roleRepo.update(tenantOf(tx), before.id, values);
      await audit(tx, {
        module: 'team',
        action: '编辑岗位',
        recordId: before.id,
        before: { name: before.name, remark: before.remark, menuKeys: before.menuKeys },
        after: values,
      });
      return { id: before.id };
    }
    const created = await roleRepo.insert(tx.db, { renterId, ...values });
    await audit(tx, { module: 'team', action: '新增岗位', recordId: created.id, after: values });
    return { id: created.id };
  });
}

/** Deletes a role nobody holds; the owner role stays. */
export async function remove(ctx: Ctx, id: string) {
  await inTx(ctx, async (tx) => {
    await lockTeam(tenantOf(tx));
    const found = await roleRepo.withCount(tenantOf(tx), id);
    if (!found) throw notFound();
    if (found.r.isOwner) throw new BizError('超级管理员岗位不能删除');
    if (found.staffCount > 0) throw new BizError('该岗位下还有员工，不能删除');
    await roleRepo.delete(tenantOf(tx), id);
    await audit(tx, {
      module: 'team',
      action: '删除岗位',
      recordId: id,
      before: { name: found.r.name, remark: found.r.remark, menuKeys: found.r.menuKeys },
    });
  });
}
