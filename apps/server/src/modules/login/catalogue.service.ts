import { fenToYuan } from '@shop/contract';
import type { Ctx } from '@/core/context';
import type { Db } from '@/db/client';
import { catalogueRepo } from './login.repository';

export async function productList(ctx: Ctx) {
  const rows = await catalogueRepo.products(ctx.db);
  return rows.map((p) => ({
    ProductLineGUID: p.id,
    name: p.name,
    productStr: p.productStr,
    productType: p.productType,
    remark: p.remark,
    annualPrice: fenToYuan(p.annualPriceFen),
    buyoutPrice: fenToYuan(p.buyoutPriceFen),
  }));
}

/** Children of an area code; provinces for ''. */
export async function areaChildren(ctx: Ctx, code: string) {
  const rows = await catalogueRepo.areaChildren(ctx.db, code);
  return rows.map((a) => ({ code: a.code, name: a.name, leaf: a.level >= 3 }));
}

/**
 * The names of an area code path, in order, when each code exists and sits under the one before it (province ›
 * city › district); undefined otherwise.
 */
export async function areaPathNames(db: Db, codes: string[]): Promise<string[] | undefined> {
  const byCode = new Map((await catalogueRepo.areasByCodes(db, codes)).map((a) => [a.code, a]));
  const chain = codes.every((code, i) => byCode.get(code)?.parentCode === (i === 0 ? '' : codes[i - 1]));
  return chain ? codes.map((c) => byCode.get(c)?.name ?? '') : undefined;
}

export async function industryList(ctx: Ctx) {
  return (await catalogueRepo.industries(ctx.db)).map((i) => ({ id: i.id, name: i.name }));
}

export async function agreementList(ctx: Ctx) {
  return (await catalogueRepo.agreements(ctx.db)).map((a) => ({ id: a.id, title: a.title, content: a.content }));
}
