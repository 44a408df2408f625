import type { contract, DataOf, InputOf } from '@contract/index';
import { yuan } from '@/shared/money';

export type TemplateRow = DataOf<typeof contract.delivery.LogisticsPage>['rows'][number];
type SaveBody = InputOf<typeof contract.delivery.SaveLogistics>;

/** One charge rule as the editor holds it (amounts as typed text). */
export interface RuleValues {
  first: number | null;
  firstFee: string;
  next: number | null;
  nextFee: string;
}
export interface TemplateValues {
  name: string;
  chargeBy: 1 | 2;
  rule: RuleValues;
  regions: (RuleValues & { areas: string[] })[];
  noDelivery: string[];
  freeRules: { areas: string[]; minQty: number | null; minAmount: string }[];
  enabled: boolean;
}

export const NEW_TEMPLATE: TemplateValues = {
  name: '',
  chargeBy: 1,
  rule: { first: 1, firstFee: '0', next: 1, nextFee: '0' },
  regions: [],
  noDelivery: [],
  freeRules: [],
  enabled: true,
};

const ruleValues = (r: TemplateRow['rule']): RuleValues => ({
  first: r.first,
  firstFee: String(r.firstFee),
  next: r.next,
  nextFee: String(r.nextFee),
});

/** The editor's values of a saved template. */
export function valuesOf(t: TemplateRow): TemplateValues {
  return {
    name: t.name,
    chargeBy: t.chargeBy === 2 ? 2 : 1,
    rule: ruleValues(t.rule),
    regions: t.regions.map((r) => ({ ...ruleValues(r), areas: r.areas })),
    noDelivery: t.noDelivery,
    freeRules: t.freeRules.map((f) => ({ areas: f.areas, minQty: f.minQty || null, minAmount: f.minAmount ? String(f.minAmount) : '' })),
    enabled: t.status === 1,
  };
}

const rule = (r: RuleValues) => ({ first: r.first ?? 0, firstFee: r.firstFee || 0, next: r.next ?? 0, nextFee: r.nextFee || 0 });

/** SaveLogistics' body from the editor's values. */
export function bodyOf(v: TemplateValues, id?: string): SaveBody {
  return {
    id,
    name: v.name,
    chargeBy: v.chargeBy,
    rule: rule(v.rule),
    regions: v.regions.map((r) => ({ areas: r.areas, ...rule(r) })),
    noDelivery: v.noDelivery,
    freeRules: v.freeRules.map((f) => ({ areas: f.areas, minQty: f.minQty ?? 0, minAmount: f.minAmount || 0 })),
    status: v.enabled ? 1 : 0,
  };
}

/** Whether `code` is the area or lies inside it (a city code under its province's). */
const within = (code: string, area: string) => code.startsWith(area);

/**
 * The editor's own checks before saving, as [field path, message]: an area in two regional rules (which one would
 * apply?), and a regional area that is also not delivered to.
 */
export function conflictsOf(v: TemplateValues): [(string | number)[], string][] {
  const out: [(string | number)[], string][] = [];
  v.regions.forEach((r, i) => {
    for (let j = 0; j < i; j++) {
      if (r.areas.some((a) => v.regions[j].areas.includes(a))) {
        out.push([['regions', i, 'areas'], `与第${j + 1}条指定区域有重复地区`]);
        break;
      }
    }
    if (r.areas.some((a) => v.noDelivery.some((n) => within(a, n)))) out.push([['regions', i, 'areas'], '包含不配送区域的地区']);
  });
  return out;
}

const unit = (chargeBy: number) => (chargeBy === 2 ? 'kg' : '件');

/** '首件 1 件 ¥10.00，续件每 1 件 ¥2.00' (by weight: 首重 / 续重 in kg). */
export function ruleText(chargeBy: number, r: { first: number; firstFee: number; next: number; nextFee: number }): string {
  const [a, b] = chargeBy === 2 ? ['首重', '续重'] : ['首件', '续件'];
  const head = `${a} ${r.first} ${unit(chargeBy)} ${yuan(r.firstFee)}`;
  return r.next > 0 ? `${head}，${b}每 ${r.next} ${unit(chargeBy)} ${yuan(r.nextFee)}` : head;
}

/** '满 3 件包邮' / '满 ¥99.00 包邮' / both. */
export function freeText(chargeBy: number, f: { minQty: number; minAmount: number }): string {
  const parts = [];
  if (f.minQty > 0) parts.push(`满 ${f.minQty} ${unit(chargeBy)}`);
  if (f.minAmount > 0) parts.push(`满 ${yuan(f.minAmount)}`);
  return `${parts.join(' 且 ')}包邮`;
}
