import type { GoodsTypeNode, goodsTypePageBody, goodsTypeSaveBody, TreeSelNode } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE, fieldError } from '@/core/errors';
import { nextSequence } from '@/core/sequence';
import { fmtTime } from '@/core/time';
import { goodsInTypes } from './goods-in-types';
import { type GoodsTypeRow, goodsTypeRepo as repo } from './goods-type.repository';
import { ancestorNosOf, childPath, levelOf, MAX_PATH_LENGTH, nest, nosOf, pathNameOf, treeOrder } from './goods-type.tree';
import { pageWindow } from '@/core/paging';
import type { Tenant } from '@/core/tenant';
import { tenantOf } from '@/core/tenant';

type SaveInput = z.output<typeof goodsTypeSaveBody>;
type PageInput = z.output<typeof goodsTypePageBody>;

const NOT_FOUND = '分类不存在';
const notFound = () => new BizError(NOT_FOUND, CODE.notFound);
/** A refusal the console shows under the form field it is about. */
const disabledParent = (name: string) => `上级分类「${name}」已禁用，请先启用上级分类`;

function fields(r: GoodsTypeRow, goodsCount: number) {
  return {
    id: r.id,
    name: r.name,
    parentId: r.parentId,
    level: levelOf(r.path),
    icon: r.icon,
    sort: r.sort,
    status: r.status,
    goodsCount,
    createTime: fmtTime(r.createdAt),
  };
}

async function goodsCounts(tenant: Tenant, rows: GoodsTypeRow[]) {
  return rows.length
    ? goodsInTypes.count(
        tenant,
        rows.map((r) => r.id),
      )
    : new Map<string, number>();
}

/** Names by category number for the ancestors of rows (and rows themselves). */
async function namesOnPaths(tenant: Tenant, rows: GoodsTypeRow[]): Promise<Map<number, string>> {
  const names = new Map(rows.map((r) => [r.no, r.name]));
  const missing = [...new Set(rows.flatMap((r) => nosOf(r.path)))].filter((n) => !names.has(n));
  for (const a of await repo.byNos(tenant, missing)) names.set(a.no, a.name);
  return names;
}

/** The tree of /Catelist; with a keyword or a status, the matching categories and their ancestors. */
export async function listTree(ctx: Ctx, f: { keyword: string; status: number }): Promise<GoodsTypeNode[]> {
  let rows: GoodsTypeRow[];
  if (!f.keyword && f.status === -1) {
    rows = await repo.all(tenantOf(ctx));
  } else {
    const matches = await repo.matching(tenantOf(ctx), f);
    const have = new Set(matches.map((r) => r.no));
    const ancestors = await repo.byNos(
      tenantOf(ctx),
      [...new Set(matches.flatMap((r) => ancestorNosOf(r.path)))].filter((n) => !have.has(n)),
    );
    rows = [...matches, ...ancestors];
    // Siblings in their order, whichever query found them.
    rows.sort((a, b) => a.sort - b.sort || a.createdAt.getTime() - b.createdAt.getTime() || a.no - b.no);
  }
  const counts = await goodsCounts(tenantOf(ctx), rows);
  return nest(rows, (r, children): GoodsTypeNode => ({ ...fields(r, counts.get(r.id) ?? 0), ...(children ? { children } : {}) }));
}

/** Enabled categories in tree order, each with its full path name, for pickers. */
export async function pickList(ctx: Ctx) {
  const rows = await repo.matching(tenantOf(ctx), { keyword: '', status: 1 });
  const names = new Map(rows.map((r) => [r.no, r.name]));
  return treeOrder(rows).map((r) => ({
    id: r.id,
    name: r.name,
    parentId: r.parentId,
    level: levelOf(r.path),
    pathName: pathNameOf(r.path, names),
  }));
}

/** The tree for antd TreeSelect; excludeId leaves out a category and its subtree (where it cannot move to). */
export async function treeSelect(ctx: Ctx, q: { status: number; excludeId?: string }): Promise<TreeSelNode[]> {
  const rows = await repo.matching(tenantOf(ctx), { keyword: '', status: q.status });
  return nest(
    rows.filter((r) => r.id !== q.excludeId),
    (r, children): TreeSelNode => ({ value: r.id, title: r.name, ...(children ? { children } : {}) }),
  );
}

async function found(tenant: Tenant, id: string): Promise<GoodsTypeRow> {
  const r = await repo.byId(tenant, id);
  if (!r) throw notFound();
  return r;
}

export async function detail(ctx: Ctx, id: string) {
  const r = await found(tenantOf(ctx), id);
  const names = await namesOnPaths(tenantOf(ctx), [r]);
  const [counts, children] = await Promise.all([goodsCounts(tenantOf(ctx), [r]), repo.childCounts(tenantOf(ctx), [r.id])]);
  const parentNo = ancestorNosOf(r.path).at(-1);
  return {
    ...fields(r, counts.get(r.id) ?? 0),
    pathName: pathNameOf(r.path, names),
    childCount: children.get(r.id) ?? 0,
    parentName: parentNo === undefined ? '' : (names.get(parentNo) ?? ''),
  };
}

/** The category and its ancestors, top-level first. */
export async function pathOf(ctx: Ctx, id: string) {
  const r = await found(tenantOf(ctx), id);
  const byNo = new Map((await repo.byNos(tenantOf(ctx), nosOf(r.path))).map((a) => [a.no, a]));
  return nosOf(r.path).flatMap((no, i) => {
    const a = byNo.get(no);
    return a ? [{ id: a.id, name: a.name, level: i + 1 }] : [];
  });
}

/** The flat, server-paged list: keyword, status, one parent's children, sortable columns. */
export async function page(ctx: Ctx, q: PageInput) {
  const { rows, total } = await repo.page(tenantOf(ctx), {
    keyword: q.keyword,
    status: q.status,
    parentId: q.parentId,
    sorter: q.sorter,
    ...pageWindow(q),
  });
  const [names, counts, children] = await Promise.all([
    namesOnPaths(tenantOf(ctx), rows),
    goodsCounts(tenantOf(ctx), rows),
    repo.childCounts(
      tenantOf(ctx),
      rows.map((r) => r.id),
    ),
  ]);
  return {
    rows: rows.map((r) => ({
      ...fields(r, counts.get(r.id) ?? 0),
      pathName: pathNameOf(r.path, names),
      childCount: children.get(r.id) ?? 0,
    })),
    total_count: total,
  };
}

/** Creates or updates a category; a new parentId moves it with everything under it. Answers its id. */
export async function save(ctx: Ctx, input: SaveInput): Promise<{ id: string }> {
  const { renterId, userId } = renterOf(ctx);
  return inTx(ctx, async (tx) => {
    await repo.lockTree(tenantOf(tx));
    const before = input.id ? await found(tenantOf(tx), input.id) : undefined;
    const parentId = input.parentId === undefined ? (before?.parentId ?? null) : input.parentId;
    const parent = parentId ? await repo.byId(tenantOf(tx), parentId) : null;
    if (parent === undefined) throw fieldError('parentId', '上级分类不存在');
    if (before && parent?.path.startsWith(before.path)) throw fieldError('parentId', '不能移动到自身或下级分类下');
    if (await repo.siblingNamed(tenantOf(tx), parentId, input.name, before?.id)) {
      throw fieldError('name', '同级分类名称已存在');
    }
    const status = input.status ?? before?.status ?? 1;
    if (status === 1 && parent && parent.status !== 1) throw fieldError('status', disabledParent(parent.name));
    const moved = before !== undefined && before.parentId !== parentId;
    const sort = input.sort ?? (before && !moved ? before.sort : ((await repo.maxSiblingSort(tenantOf(tx), parentId)) ?? 0) + 1);
    const values = { name: input.name, icon: input.icon ?? before?.icon ?? '', sort, status };

    if (!before) {
      const no = await nextSequence(tenantOf(tx), 'goods_type');
      const path = childPath(parent?.path ?? null, no);
      if (path.length > MAX_PATH_LENGTH) throw fieldError('parentId', '分类层级过深');
      const created = await repo.insert(tx.db, { renterId, no, parentId, path, createdBy: userId, ...values });
      await audit(tx, { module: 'goods', action: '新建分类', recordId: created.id, after: { parentId, path, ...values } });
      return { id: created.id };
    }

    let path = before.path;
    if (moved) {
      path = childPath(parent?.path ?? null, before.no);
      const deepest = await repo.deepestPathLength(tenantOf(tx), before.path);
      if (deepest - before.path.length + path.length > MAX_PATH_LENGTH) throw fieldError('parentId', '分类层级过深');
      await repo.movePaths(tenantOf(tx), before.path, path);
    }
    await repo.update(tenantOf(tx), before.id, { ...values, parentId });
    // A switch applies to everything under the category, as upstate does.
    if (before.status !== status) await repo.setSubtreeStatus(tenantOf(tx), [path], status);
    await audit(tx, {
      module: 'goods',
      action: moved ? '移动分类' : '编辑分类',
      recordId: before.id,
      before: {
        parentId: before.parentId,
        path: before.path,
        name: before.name,
        icon: before.icon,
        sort: before.sort,
        status: before.status,
      },
      after: { parentId, path, ...values },
    });
    return { id: before.id };
  });
}

/** Deletes categories; refused while one still has goods, or children that are not deleted with it. */
export async function remove(ctx: Ctx, ids: string[]) {
  const unique = [...new Set(ids)];
  await inTx(ctx, async (tx) => {
    await repo.lockTree(tenantOf(tx));
    const rows = await repo.byIds(tenantOf(tx), unique);
    if (rows.length !== unique.length) throw notFound();
    const goods = await goodsInTypes.count(tenantOf(tx), unique);
    const withGoods = rows.find((r) => (goods.get(r.id) ?? 0) > 0);
    if (withGoods) throw new BizError(`分类「${withGoods.name}」下还有商品，不能删除`);
    const children = await repo.childCounts(tenantOf(tx), unique, unique);
    const withChildren = rows.find((r) => children.has(r.id));
    if (withChildren) throw new BizError(`分类「${withChildren.name}」下还有子分类，请先删除子分类`);
    await repo.delete(tenantOf(tx), unique);
    await audit(tx, {
      module: 'goods',
      action: '删除分类',
      recordId: unique.join(','),
      before: rows.map((r) => ({ id: r.id, name: r.name, parentId: r.parentId, path: r.path })),
    });
  });
}

/** Saves sort values (smaller first among siblings). */
export async function sort(ctx: Ctx, list: { id: string; sort: number }[]) {
  const wanted = new Map(list.map((x) => [x.id, x.sort]));
  await inTx(ctx, async (tx) => {
    await repo.lockTree(tenantOf(tx));
    const rows = await repo.byIds(tenantOf(tx), [...wanted.keys()]);
    if (rows.length !== wanted.size) throw notFound();
    const changed = rows.filter((r) => r.sort !== wanted.get(r.id));
    for (const r of changed) await repo.setSort(tenantOf(tx), r.id, wanted.get(r.id) as number);
    await audit(tx, {
      module: 'goods',
      action: '分类排序',
      recordId: changed.map((r) => r.id).join(','),
      before: changed.map((r) => ({ id: r.id, sort: r.sort })),
      after: changed.map((r) => ({ id: r.id, sort: wanted.get(r.id) })),
    });
  });
}

/**
 * Enables (1) or disables (0) categories with everything under them. Enabling is refused under a disabled
 * ancestor that is not enabled in the same call, so an enabled category is always reachable from the top.
 */
export async function setStatus(ctx: Ctx, ids: string[], status: 0 | 1) {
  const unique = [...new Set(ids)];
  await inTx(ctx, async (tx) => {
    await repo.lockTree(tenantOf(tx));
    const rows = await repo.byIds(tenantOf(tx), unique);
    if (rows.length !== unique.length) throw notFound();
    if (status === 1) {
      const chosen = new Set(rows.map((r) => r.no));
      const ancestors = await repo.byNos(tenantOf(tx), [...new Set(rows.flatMap((r) => ancestorNosOf(r.path)))]);
      const off = ancestors.sort((a, b) => a.path.length - b.path.length).find((a) => a.status !== 1 && !chosen.has(a.no));
      if (off) throw new BizError(disabledParent(off.name));
    }
    const changed = await repo.setSubtreeStatus(
      tenantOf(tx),
      rows.map((r) => r.path),
      status,
    );
    await audit(tx, {
      module: 'goods',
      action: status === 1 ? '启用分类' : '禁用分类',
      recordId: unique.join(','),
      before: rows.map((r) => ({ id: r.id, status: r.status })),
      after: { status, changed },
    });
  });
}
