import type { propertyKeyListBody, propertyKeySaveBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE, fieldError } from '@/core/errors';
import { fmtTime } from '@/core/time';
import { propertyKeyRepo as repo } from './property-keys.repository';
import { pageWindow } from '@/core/paging';
import { tenantOf } from '@/core/tenant';

type SaveInput = z.output<typeof propertyKeySaveBody>;
type ListInput = z.output<typeof propertyKeyListBody>;

/** Most property keys an enterprise keeps. */
export const PROPERTY_KEYS_MAX = 100;

const notFound = () => new BizError('扩展属性不存在', CODE.notFound);

/** Every property key of the enterprise with its preset values, for the goods form. */
export async function all(ctx: Ctx) {
  return (await repo.all(tenantOf(ctx))).map((k) => ({ id: k.id, name: k.name, values: k.values }));
}

/** The paged list of the 管理扩展属性 dialog, with how many goods use each key. */
export async function list(ctx: Ctx, q: ListInput) {
  const { rows, total } = await repo.page(tenantOf(ctx), {
    keyword: q.keyword,
    ...pageWindow(q),
  });
  const counts = await repo.goodsCounts(
    tenantOf(ctx),
    rows.map((r) => r.id),
  );
  return {
    rows: rows.map((k) => ({
      id: k.id,
      name: k.name,
      values: k.values,
      goodsCount: counts.get(k.id) ?? 0,
      createTime: fmtTime(k.createdAt),
    })),
    total_count: total,
  };
}

/** Creates or renames a key and replaces its preset values (goods keep the values they were given). */
export async function save(ctx: Ctx, input: SaveInput): Promise<{ id: string }> {
  const { renterId } = renterOf(ctx);
  return inTx(ctx, async (tx) => {
    await repo.lockExclusive(tenantOf(tx));
    const before = input.id ? (await repo.byIds(tenantOf(tx), [input.id]))[0] : undefined;
    if (input.id && !before) throw notFound();
    const same = await repo.byName(tenantOf(tx), input.name);
    if (same && same.id !== before?.id) throw fieldError('name', '属性名称已存在');
    const values = { name: input.name, values: input.values };
    if (before) {
      await repo.update(tenantOf(tx), before.id, values);
      await audit(tx, {
        module: 'goods',
        action: '编辑扩展属性',
        recordId: before.id,
        before: { name: before.name, values: before.values },
        after: values,
      });
      return { id: before.id };
    }
    if ((await repo.count(tenantOf(tx))) >= PROPERTY_KEYS_MAX) throw new BizError(`扩展属性最多${PROPERTY_KEYS_MAX}个`);
    const created = await repo.insert(tx.db, { renterId, ...values });
    await audit(tx, { module: 'goods', action: '新建扩展属性', recordId: created.id, after: values });
    return { id: created.id };
  });
}

/** Deletes keys no goods carries; a key in use is refused (remove it from those goods first). */
export async function remove(ctx: Ctx, ids: string[]) {
  await inTx(ctx, async (tx) => {
    await repo.lockExclusive(tenantOf(tx));
    const unique = [...new Set(ids)];
    const rows = await repo.byIds(tenantOf(tx), unique);
    if (rows.length !== unique.length) throw notFound();
    const counts = await repo.goodsCounts(tenantOf(tx), unique);
    const used = rows.find((r) => (counts.get(r.id) ?? 0) > 0);
    if (used) throw new BizError(`扩展属性「${used.name}」已被${counts.get(used.id)}个商品使用，不能删除`);
    await repo.delete(tenantOf(tx), unique);
    await audit(tx, {
      module: 'goods',
      action: '删除扩展属性',
      recordId: unique.join(','),
      before: rows.map((r) => ({ id: r.id, name: r.name, values: r.values })),
    });
  });
}
