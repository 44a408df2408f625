import { RETURN_ADDRESS_MAX, type returnAddressListBody, type returnAddressSaveBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { pageWindow } from '@/core/paging';
import { fmtTime } from '@/core/time';
import { areaLabels, checkAreaPath } from './area';
import { type ReturnAddressRow, returnAddressRepo as repo } from './return-address.repository';
import type { Tenant } from '@/core/tenant';
import { tenantFor, tenantOf } from '@/core/tenant';

type SaveInput = z.output<typeof returnAddressSaveBody>;
type ListInput = z.output<typeof returnAddressListBody>;

const notFound = () => new BizError('退货地址不存在', CODE.notFound);

const logged = (a: ReturnAddressRow) => ({ name: a.name, phone: a.phone, area: a.area, address: a.address, isDefault: a.isDefault });

async function found(tenant: Tenant, id: string): Promise<ReturnAddressRow> {
  const a = await repo.byId(tenant, id);
  if (!a) throw notFound();
  return a;
}

/** /editreaddress: the default first, then the newest; keyword on contact, phone and address. */
export async function list(ctx: Ctx, q: ListInput) {
  const { rows, total } = await repo.page(tenantOf(ctx), { keyword: q.keyword, ...pageWindow(q) });
  const names = await areaLabels(
    ctx.db,
    rows.map((r) => r.area),
  );
  return {
    rows: rows.map((r, i) => ({
      id: r.id,
      name: r.name,
      phone: r.phone,
      area: r.area,
      areaName: names[i],
      address: r.address,
      isDefault: r.isDefault ? 1 : 0,
      createTime: fmtTime(r.createdAt),
    })),
    total_count: total,
  };
}

/**
 * Creates or edits an address; answers its id. The enterprise's first address becomes the default; isDefault 1 makes
 * this one the default. The default is never taken away here (another address is made the default instead).
 */
export async function save(ctx: Ctx, input: SaveInput): Promise<{ id: string }> {
  const { renterId } = renterOf(ctx);
  await checkAreaPath(ctx.db, input.area);
  const values = { name: input.name, phone: input.phone, area: input.area, address: input.address };
  return inTx(ctx, async (tx) => {
    await repo.lock(tenantOf(tx));
    if (input.id) {
      const before = await found(tenantOf(tx), input.id);
      await repo.update(tenantOf(tx), before.id, values);
      if (input.isDefault === 1 && !before.isDefault) await repo.makeDefault(tenantOf(tx), before.id);
      const after = { ...values, isDefault: before.isDefault || input.isDefault === 1 };
      await audit(tx, { module: 'shop', action: '编辑退货地址', recordId: before.id, before: logged(before), after });
      return { id: before.id };
    }
    const existing = await repo.count(tenantOf(tx));
    if (existing >= RETURN_ADDRESS_MAX) throw new BizError(`退货地址最多${RETURN_ADDRESS_MAX}个`, CODE.validation);
    const created = await repo.insert(tx.db, { renterId, ...values, isDefault: false });
    const isDefault = existing === 0 || input.isDefault === 1;
    if (isDefault) await repo.makeDefault(tenantOf(tx), created.id);
    await audit(tx, { module: 'shop', action: '新增退货地址', recordId: created.id, after: { ...values, isDefault } });
    return { id: created.id };
  });
}

/** Deletes an address; when it was the default, the newest remaining one becomes the default. */
export async function remove(ctx: Ctx, id: string): Promise<void> {
  await inTx(ctx, async (tx) => {
    await repo.lock(tenantOf(tx));
    const before = await found(tenantOf(tx), id);
    await repo.remove(tenantOf(tx), id);
    let newDefault: string | undefined;
    if (before.isDefault) {
      newDefault = (await repo.newest(tenantOf(tx), id))?.id;
      if (newDefault) await repo.makeDefault(tenantOf(tx), newDefault);
    }
    await audit(tx, {
      module: 'shop',
      action: '删除退货地址',
      recordId: id,
      before: logged(before),
      after: { newDefault: newDefault ?? null },
    });
  });
}

/** Makes an address the enterprise's one default. */
export async function setDefault(ctx: Ctx, id: string): Promise<void> {
  await inTx(ctx, async (tx) => {
    await repo.lock(tenantOf(tx));
    const target = await found(tenantOf(tx), id);
    if (target.isDefault) return;
    const old = await repo.currentDefault(tenantOf(tx));
    await repo.makeDefault(tenantOf(tx), id);
    await audit(tx, {
      module: 'shop',
      action: '设为默认退货地址',
      recordId: id,
      before: { defaultId: old?.id ?? null },
      after: { defaultId: id },
    });
  });
}

/** The enterprise's 退货地址 for after-sales (the default first; at most RETURN_ADDRESS_MAX), the area as text in the address. */
export async function returnAddressesOf(ctx: Ctx, renterId: string) {
  const t = tenantFor(ctx, renterId);
  const { rows } = await repo.page(t, { keyword: '', offset: 0, limit: RETURN_ADDRESS_MAX });
  const names = await areaLabels(
    t.db,
    rows.map((r) => r.area),
  );
  return rows.map((r, i) => ({
    id: r.id,
    name: r.name,
    phone: r.phone,
    address: `${names[i] ?? ''} ${r.address}`.trim(),
    isDefault: r.isDefault,
  }));
}
