import {
  CHARGE_BY,
  FREIGHT_IN_USE_MSG,
  FREIGHT_NOT_FOUND_MSG,
  fenToYuan,
  type logisticsPageBody,
  type saveLogisticsBody,
} from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE, fieldError } from '@/core/errors';
import { pageWindow } from '@/core/paging';
import { type Tenant, tenantOf } from '@/core/tenant';
import { fmtTime } from '@/core/time';
import { areasByCodes } from '@/modules/login';
import { type TemplateRow, templateRepo } from './delivery.repository';
import type { FreightRuleRow } from './delivery.tables';
import { computeFreight, type Quote, type QuoteItem, type QuoteTemplate } from './freight.rules';

type SaveInput = z.output<typeof saveLogisticsBody>;
type ListInput = z.output<typeof logisticsPageBody>;

const notFound = () => new BizError(FREIGHT_NOT_FOUND_MSG, CODE.notFound);

async function found(tenant: Tenant, id: string, forUpdate = false): Promise<TemplateRow> {
  const t = await templateRepo.byId(tenant, id, forUpdate);
  if (!t) throw notFound();
  return t;
}

/** Units at the edge (pieces, or kg) ↔ inside (pieces, or grams). */
const toUnits = (chargeBy: number, v: number) => (chargeBy === CHARGE_BY.weight ? Math.round(v * 1000) : v);
const fromUnits = (chargeBy: number, v: number) => (chargeBy === CHARGE_BY.weight ? v / 1000 : v);

const ruleIn = (chargeBy: number, r: { first: number; firstFee: number; next: number; nextFee: number }): FreightRuleRow => ({
  first: toUnits(chargeBy, r.first),
  firstFen: r.firstFee,
  next: toUnits(chargeBy, r.next),
  nextFen: r.nextFee,
});
const ruleOut = (chargeBy: number, r: FreightRuleRow) => ({
  first: fromUnits(chargeBy, r.first),
  firstFee: fenToYuan(r.firstFen),
  next: fromUnits(chargeBy, r.next),
  nextFee: fenToYuan(r.nextFen),
});

async function rowsOf(tenant: Tenant, templates: TemplateRow[]) {
  const codes = templates.flatMap((t) => [...t.regions.flatMap((r) => r.areas), ...t.noDelivery, ...t.freeRules.flatMap((f) => f.areas)]);
  const names = new Map((await areasByCodes(tenant.db, [...new Set(codes)])).map((a) => [a.code, a.name]));
  const named = (areas: string[]) => areas.map((c) => names.get(c) ?? c);
  return templates.map((t) => ({
    id: t.id,
    name: t.name,
    chargeBy: t.chargeBy,
    rule: ruleOut(t.chargeBy, { first: t.firstUnits, firstFen: t.firstFen, next: t.nextUnits, nextFen: t.nextFen }),
    regions: t.regions.map((r) => ({ ...ruleOut(t.chargeBy, r), areas: r.areas, areaNames: named(r.areas) })),
    noDelivery: t.noDelivery,
    noDeliveryNames: named(t.noDelivery),
    freeRules: t.freeRules.map((f) => ({
      areas: f.areas,
      areaNames: named(f.areas),
      minQty: fromUnits(t.chargeBy, f.minUnits),
      minAmount: fenToYuan(f.minFen),
    })),
    status: t.status,
    createTime: fmtTime(t.createdAt),
  }));
}

export async function list(ctx: Ctx, q: ListInput) {
  const tenant = tenantOf(ctx);
  const { rows, total } = await templateRepo.page(tenant, { keyword: q.keyword, status: q.status, sorter: q.sorter, ...pageWindow(q) });
  return { rows: await rowsOf(tenant, rows), total_count: total };
}

export async function detail(ctx: Ctx, id: string) {
  const tenant = tenantOf(ctx);
  const [row] = await rowsOf(tenant, [await found(tenant, id)]);
  return row;
}

/** Every area code of the catalogue, or the field that names one that is not. */
async function checkAreas(db: Ctx['db'], input: SaveInput) {
  const lists: [string, string[]][] = [
    ...input.regions.map((r, i) => [`regions.${i}.areas`, r.areas] as [string, string[]]),
    ['noDelivery', input.noDelivery],
    ...input.freeRules.map((f, i) => [`freeRules.${i}.areas`, f.areas] as [string, string[]]),
  ];
  const known = new Set((await areasByCodes(db, [...new Set(lists.flatMap(([, a]) => a))])).map((a) => a.code));
  for (const [field, areas] of lists) if (areas.some((c) => !known.has(c))) throw fieldError(field, '所选地区不正确');
}

function valuesOf(input: SaveInput) {
  const by = input.chargeBy;
  const rule = ruleIn(by, input.rule);
  return {
    name: input.name,
    chargeBy: by,
    firstUnits: rule.first,
    firstFen: rule.firstFen,
    nextUnits: rule.next,
    nextFen: rule.nextFen,
    regions: input.regions.map((r) => ({ areas: [...new Set(r.areas)], ...ruleIn(by, r) })),
    noDelivery: [...new Set(input.noDelivery)],
    freeRules: input.freeRules.map((f) => ({ areas: [...new Set(f.areas)], minUnits: toUnits(by, f.minQty), minFen: f.minAmount })),
  };
}

const nameTaken = () => fieldError('name', '运费模板名称已存在');

/** A unique index refused the write (PostgreSQL 23505), or a foreign key did (23503), whichever driver wrapped it. */
function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (typeof e.code === 'string' && /^\d{5}$/.test(e.code)) return e.code;
  return undefined;
}

export async function save(ctx: Ctx, input: SaveInput): Promise<{ id: string }> {
  const { renterId, userId } = renterOf(ctx);
  await checkAreas(ctx.db, input);
  const values = valuesOf(input);
  try {
    return await inTx(ctx, async (tx) => {
      if (await templateRepo.nameTaken(tenantOf(tx), input.name, input.id)) throw nameTaken();
      if (input.id) {
        const before = await found(tenantOf(tx), input.id, true);
        const status = input.status ?? before.status;
        await templateRepo.update(tenantOf(tx), before.id, { ...values, status });
        await audit(tx, {
          module: 'delivery',
          action: '编辑运费模板',
          recordId: before.id,
          before: logOf(before),
          after: { ...values, status },
        });
        return { id: before.id };
      }
      const created = await templateRepo.insert(tx.db, { renterId, createdBy: userId, ...values, status: input.status ?? 1 });
      await audit(tx, { module: 'delivery', action: '新建运费模板', recordId: created.id, after: logOf(created) });
      return { id: created.id };
    });
  } catch (err) {
    // Two saves of one name at once: the unique index decides.
    if (pgCode(err) === '23505') throw nameTaken();
    throw err;
  }
}

const logOf = (t: TemplateRow) => ({
  name: t.name,
  chargeBy: t.chargeBy,
  firstUnits: t.firstUnits,
  firstFen: t.firstFen,
  nextUnits: t.nextUnits,
  nextFen: t.nextFen,
  regions: t.regions,
  noDelivery: t.noDelivery,
  freeRules: t.freeRules,
  status: t.status,
});

/** EditlogisticsState: a disabled template is no longer offered to goods; goods already on it keep being charged by it. */
export async function setStatus(ctx: Ctx, id: string, status: 0 | 1) {
  await inTx(ctx, async (tx) => {
    const before = await found(tenantOf(tx), id, true);
    await templateRepo.update(tenantOf(tx), id, { status });
    await audit(tx, {
      module: 'delivery',
      action: status === 1 ? '启用运费模板' : '停用运费模板',
      recordId: id,
      before: { name: before.name, status: before.status },
      after: { status },
    });
  });
}

/** DelLogistics: refused while goods charge by it (the goods' foreign key refuses the delete). */
export async function remove(ctx: Ctx, id: string) {
  try {
    await inTx(ctx, async (tx) => {
      const before = await found(tenantOf(tx), id, true);
      await audit(tx, { module: 'delivery', action: '删除运费模板', recordId: id, before: logOf(before) });
      await templateRepo.delete(tenantOf(tx), id);
    });
  } catch (err) {
    if (pgCode(err) === '23503') throw new BizError(FREIGHT_IN_USE_MSG);
    throw err;
  }
}

/** LogisticsOptions: enabled templates, for the goods edit select. */
export const options = (ctx: Ctx) => templateRepo.enabled(tenantOf(ctx));

/**
 * For the goods save: the template must be the enterprise's and enabled (a goods already on a template disabled since
 * may keep it). Throws a field error on freightTemplateId otherwise.
 */
export async function checkFreightTemplate(tenant: Tenant, id: string | null | undefined, keptId?: string | null): Promise<void> {
  if (!id) throw fieldError('freightTemplateId', '请选择运费模板');
  const t = await templateRepo.byId(tenant, id);
  if (!t) throw fieldError('freightTemplateId', FREIGHT_NOT_FOUND_MSG);
  if (t.status !== 1 && id !== keptId) throw fieldError('freightTemplateId', '该运费模板已停用，请选择其他模板');
}

const quoteTemplateOf = (t: TemplateRow): QuoteTemplate => ({
  id: t.id,
  name: t.name,
  chargeBy: t.chargeBy,
  rule: { first: t.firstUnits, firstFen: t.firstFen, next: t.nextUnits, nextFen: t.nextFen },
  regions: t.regions,
  noDelivery: t.noDelivery,
  freeRules: t.freeRules,
});

/**
 * The freight of a checkout (README "Freight quote"): reads the templates the items name (one query) and computes
 * with freight.rules. `areaCode` is the address's district (or city, or province) code.
 */
export async function quoteFreight(tenant: Tenant, input: { areaCode: string; items: QuoteItem[] }): Promise<Quote> {
  const ids = [...new Set(input.items.flatMap((i) => (i.postFeeMode === 2 && i.freightTemplateId ? [i.freightTemplateId] : [])))];
  const templates = new Map((await templateRepo.byIds(tenant, ids)).map((t) => [t.id, quoteTemplateOf(t)]));
  return computeFreight(templates, input.areaCode, input.items);
}
