import type { specTemplateListBody, specTemplateSaveBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE, fieldError } from '@/core/errors';
import { fmtTime } from '@/core/time';
import { type SpecTemplateRow, specTemplateRepo as repo } from './goods-spec.repository';
import { pageArgs } from '@/core/paging';
import { tenantOf } from '@/core/tenant';

type SaveInput = z.output<typeof specTemplateSaveBody>;

const notFound = () => new BizError('规格模板不存在', CODE.notFound);

const row = (r: SpecTemplateRow) => ({
  id: r.id,
  name: r.name,
  specs: r.specs,
  sort: r.sort,
  createTime: fmtTime(r.createdAt),
  updateTime: fmtTime(r.updatedAt),
});

/** Spec names unique within the template, values unique within their spec (as the goods matrix wants them). */
function checkSpecs(specs: SaveInput['specs']) {
  const names = new Set<string>();
  for (const s of specs) {
    if (names.has(s.name)) throw fieldError('specs', `规格名「${s.name}」重复`);
    names.add(s.name);
    const values = new Set<string>();
    for (const v of s.values) {
      if (values.has(v)) throw fieldError('specs', `规格「${s.name}」的规格值「${v}」重复`);
      values.add(v);
    }
  }
}

export async function list(ctx: Ctx, q: z.output<typeof specTemplateListBody>) {
  const { rows, total } = await repo.page(tenantOf(ctx), q.keyword, ...pageArgs(q));
  return { rows: rows.map(row), total_count: total };
}

/** Every template (up to 500), for the goods form's 从规格模板导入. */
export async function all(ctx: Ctx) {
  return repo.all(tenantOf(ctx));
}

export async function detail(ctx: Ctx, id: string) {
  const r = await repo.byId(tenantOf(ctx), id);
  if (!r) throw notFound();
  return row(r);
}

export async function save(ctx: Ctx, input: SaveInput): Promise<{ id: string }> {
  const { renterId, userId } = renterOf(ctx);
  checkSpecs(input.specs);
  return inTx(ctx, async (tx) => {
    await repo.lock(tenantOf(tx));
    const before = input.id ? await repo.byId(tenantOf(tx), input.id) : undefined;
    if (input.id && !before) throw notFound();
    if (await repo.byName(tenantOf(tx), input.name, before?.id)) throw fieldError('name', '模板名称已存在');
    const values = { name: input.name, specs: input.specs };
    if (!before) {
      const sort = input.sort ?? (await repo.maxSort(tenantOf(tx))) + 1;
      const created = await repo.insert(tx.db, { renterId, createdBy: userId, sort, ...values });
      await audit(tx, { module: 'goods', action: '新建规格模板', recordId: created.id, after: { ...values, sort } });
      return { id: created.id };
    }
    const sort = input.sort ?? before.sort;
    await repo.update(tenantOf(tx), before.id, { ...values, sort });
    await audit(tx, {
      module: 'goods',
      action: '编辑规格模板',
      recordId: before.id,
      before: { name: before.name, specs: before.specs, sort: before.sort },
      after: { ...values, sort },
    });
    return { id: before.id };
  });
}

/** Deletes templates; goods made from one keep their specs (they were copied into the goods). */
export async function remove(ctx: Ctx, ids: string[]) {
  const unique = [...new Set(ids)];
  await inTx(ctx, async (tx) => {
    const rows = await repo.byIds(tenantOf(tx), unique);
    if (rows.length !== unique.length) throw notFound();
    await repo.delete(tenantOf(tx), unique);
    await audit(tx, {
      module: 'goods',
      action: '删除规格模板',
      recordId: unique.join(','),
      before: rows.map((r) => ({ id: r.id, name: r.name, specs: r.specs })),
    });
  });
}
