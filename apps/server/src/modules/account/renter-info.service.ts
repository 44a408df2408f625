import type { renterInfoSaveBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE, fieldError } from '@/core/errors';
import { areaPathNames, industryById, lockRenterOfTenant, renterOfTenant, updateRenterOfTenant } from '@/modules/login';
import { tenantOf } from '@/core/tenant';

type SaveInput = z.output<typeof renterInfoSaveBody>;

/** 企业信息 of the current enterprise. */
export async function renterInfo(ctx: Ctx) {
  const r = await renterOfTenant(tenantOf(ctx));
  if (!r) throw new BizError('企业不存在', CODE.notFound);
  const [industry, names] = await Promise.all([
    r.industry ? industryById(ctx.db, r.industry) : undefined,
    r.area.length ? areaPathNames(ctx.db, r.area) : [],
  ]);
  return {
    name: r.name,
    logo: r.logo,
    industry: r.industry,
    industryName: industry?.name ?? '',
    area: r.area,
    areaName: (names ?? []).join(' / '),
    contactName: r.contactName,
    contactPhone: r.contactPhone,
    address: r.address,
  };
}

/** Saves 企业信息; the industry must be in the catalogue and the area a province › city › district path. */
export async function saveRenterInfo(ctx: Ctx, input: SaveInput): Promise<void> {
  const { renterId } = renterOf(ctx);
  if (!(await industryById(ctx.db, input.industry))) throw fieldError('industry', '请选择所属行业');
  if (!(await areaPathNames(ctx.db, input.area))) throw fieldError('area', '请选择所在地区');
  await inTx(ctx, async (tx) => {
    const before = await lockRenterOfTenant(tenantOf(tx));
    if (!before) throw new BizError('企业不存在', CODE.notFound);
    const after = {
      name: input.name,
      logo: input.logo,
      industry: input.industry,
      area: input.area,
      contactName: input.contactName,
      contactPhone: input.contactPhone,
      address: input.address,
    };
    await updateRenterOfTenant(tenantOf(tx), after);
    await audit(tx, {
      module: 'account',
      action: '编辑企业信息',
      recordId: renterId,
      before: {
        name: before.name,
        logo: before.logo,
        industry: before.industry,
        area: before.area,
        contactName: before.contactName,
        contactPhone: before.contactPhone,
        address: before.address,
      },
      after,
    });
  });
}
