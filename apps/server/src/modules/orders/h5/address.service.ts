import { ADDRESS_MAX, type addressSaveBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx } from '@/core/context';
import { BizError, CODE, fieldError } from '@/core/errors';
import { tenantFor } from '@/core/tenant';
import { areaPathNames } from '@/modules/login';
import { type AddressRow, addressRepo as repo } from './address.repository';
import { mine } from './cart.service';

type SaveInput = z.output<typeof addressSaveBody>;

const notFound = () => new BizError('收货地址不存在', CODE.notFound);

export const addressOut = (a: AddressRow) => ({
  id: a.id,
  name: a.name,
  phone: a.phone,
  area: a.area,
  areaText: a.areaText,
  address: a.address,
  isDefault: a.isDefault,
});

export async function list(ctx: Ctx) {
  const { t, memberId } = mine(ctx);
  return { rows: (await repo.list(t, memberId)).map(addressOut) };
}

/**
 * 新增 / 编辑: the area must be a province → city → district path of the catalogue (its names are kept with it); at
 * most 20; the member's first address is the default, isDefault true makes this one the default.
 */
export async function save(ctx: Ctx, input: SaveInput): Promise<{ id: string }> {
  const { memberId, renterId } = mine(ctx);
  const names = await areaPathNames(ctx.db, input.area);
  if (names?.length !== 3) throw fieldError('area', '所在地区不正确');
  const values = { name: input.name, phone: input.phone, area: input.area, areaText: names.join(' '), address: input.address };
  return inTx(ctx, async (tx) => {
    const t = tenantFor(tx, renterId);
    await repo.lockMember(t, memberId);
    if (input.id) {
      const before = await repo.byId(t, memberId, input.id);
      if (!before) throw notFound();
      await repo.update(t, memberId, before.id, values);
      if (input.isDefault && !before.isDefault) await repo.makeDefault(t, memberId, before.id);
      await audit(tx, { module: 'orders', action: '编辑收货地址', recordId: before.id, before: addressOut(before), after: values });
      return { id: before.id };
    }
    const n = await repo.count(t, memberId);
    if (n >= ADDRESS_MAX) throw new BizError(`收货地址最多${ADDRESS_MAX}个`);
    const created = await repo.insert(t, memberId, values);
    const isDefault = n === 0 || input.isDefault === true;
    if (isDefault) await repo.makeDefault(t, memberId, created.id);
    await audit(tx, { module: 'orders', action: '新增收货地址', recordId: created.id, after: { ...values, isDefault } });
    return { id: created.id };
  });
}

/** 删除: when it was the default, the newest remaining one becomes the default. */
export async function remove(ctx: Ctx, id: string): Promise<void> {
  const { memberId, renterId } = mine(ctx);
  await inTx(ctx, async (tx) => {
    const t = tenantFor(tx, renterId);
    await repo.lockMember(t, memberId);
    const before = await repo.byId(t, memberId, id);
    if (!before) throw notFound();
    await repo.remove(t, memberId, id);
    const next = before.isDefault ? await repo.newest(t, memberId, id) : undefined;
    if (next) await repo.makeDefault(t, memberId, next.id);
    await audit(tx, {
      module: 'orders',
      action: '删除收货地址',
      recordId: id,
      before: addressOut(before),
      after: { newDefault: next?.id ?? null },
    });
  });
}

export async function setDefault(ctx: Ctx, id: string): Promise<void> {
  const { memberId, renterId } = mine(ctx);
  await inTx(ctx, async (tx) => {
    const t = tenantFor(tx, renterId);
    await repo.lockMember(t, memberId);
    const target = await repo.byId(t, memberId, id);
    if (!target) throw notFound();
    if (target.isDefault) return;
    await repo.makeDefault(t, memberId, id);
    await audit(tx, { module: 'orders', action: '设为默认收货地址', recordId: id, after: { defaultId: id } });
  });
}
