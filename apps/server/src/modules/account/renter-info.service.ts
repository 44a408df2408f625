import type { renterInfoSaveBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '../../core/audit';
import { type Ctx, inTx, renterOf } from '../../core/context';
import { BizError, CODE } from '../../core/errors';
import { catalogueRepo } from '../login';
import { renterInfoRepo } from './account.repository';

type SaveInput = z.output<typeof renterInfoSaveBody>;

const fieldError = (field: string, msg: string) => new BizError(msg, CODE.validation, { errors: [{ field, msg }] });

/** The names of an area code path, in order; undefined when a code is unknown or not under the one before it. */
async function areaNames(ctx: Ctx, codes: string[]): Promise<string[] | undefined> {
  const found = await catalogueRepo.areasByCodes(ctx.db, codes);
  const byCode = new Map(found.map((a) => [a.code, a]));
  const chain = codes.every((code, i) => byCode.get(code)?.parentCode === (i === 0 ? '' : codes[i - 1]));
  return chain ? codes.map((c) => byCode.get(c)?.name ?? '') : undefined;
}

/** 企业信息 of the current enterprise. */
export async function renterInfo(ctx: Ctx) {
  const { renterId } = renterOf(ctx);
  const r = await renterInfoRepo.byId(ctx.db, renterId);
  if (!r) throw new BizError('企业不存在', CODE.notFound);
  const [industry, names] = await Promise.all([
    r.industry ? catalogueRepo.industry(ctx.db, r.industry) : undefined,
    r.area.length ? areaNames(ctx, r.area) : [],
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
  if (!(await catalogueRepo.industry(ctx.db, input.industry))) throw fieldError('industry', '请选择所属行业');
  if (!(await areaNames(ctx, input.area))) throw fieldError('area', '请选择所在地区');
  await inTx(ctx, async (tx) => {
    const before = await renterInfoRepo.lockById(tx.db, renterId);
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
    await renterInfoRepo.update(tx.db, renterId, after);
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

/** Children of an area code (provinces for ''), for the 所在地区 cascader. */
export async function areaChildren(ctx: Ctx, code: string) {
  const rows = await catalogueRepo.areaChildren(ctx.db, code);
  return rows.map((a) => ({ code: a.code, name: a.name, leaf: a.level >= 3 }));
}
