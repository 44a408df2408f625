/**
 * The freight quote's arithmetic, pure (no database): README "Freight quote". Units are pieces (charge_by 1) or grams
 * (charge_by 2); money is integer fen.
 */

export interface RuleUnits {
  first: number;
  firstFen: number;
  next: number;
  nextFen: number;
}

export interface QuoteTemplate {
  id: string;
  name: string;
  /** 1 by piece, 2 by weight (grams). */
  chargeBy: number;
  rule: RuleUnits;
  regions: (RuleUnits & { areas: string[] })[];
  noDelivery: string[];
  freeRules: { areas: string[]; minUnits: number; minFen: number }[];
}

export interface QuoteItem {
  goodsId: string;
  /** The goods' title, for the undeliverable reason (optional: '该商品' without it). */
  title?: string;
  postFeeMode: 1 | 2;
  postFeeFen: number;
  freightTemplateId: string | null;
  qty: number;
  /** Weight of one unit in grams (goods_skus.weight_g). */
  weightG: number;
  /** The line's amount (price × qty) in fen. */
  lineFen: number;
}

export interface Quote {
  fen: number;
  undeliverable: { goodsId: string; reason: string }[];
}

/**
 * The address code and the codes above it, most specific first: '440305' → ['440305', '4403', '44']. Codes are the
 * catalogue's (GetArea): 2 digits a province, 4 a city, 6 a district.
 */
export function areaChain(code: string): string[] {
  const out: string[] = [];
  for (let n = code.length; n >= 2; n -= 2) out.push(code.slice(0, n));
  return out;
}

/** How specific the best of these areas matching the address is: 3 district, 2 city, 1 province, 0 none. */
export function matchDepth(areas: readonly string[], chain: readonly string[]): number {
  let best = 0;
  for (const a of areas) {
    const i = chain.indexOf(a);
    if (i >= 0) best = Math.max(best, a.length / 2);
  }
  return best;
}

/** The regional rule for the address (the most specific area wins; the earlier rule on a tie), else the default. */
export function ruleFor(t: QuoteTemplate, chain: readonly string[]): RuleUnits {
  let best: RuleUnits = t.rule;
  let depth = 0;
  for (const r of t.regions) {
    const d = matchDepth(r.areas, chain);
    if (d > depth) {
      best = r;
      depth = d;
    }
  }
  return best;
}

/**
 * First fee for up to `first` units (also for goods weighing nothing: a parcel still ships), then nextFen per started
 * `next` units beyond (next 0: no further charge).
 */
export function chargeOf(rule: RuleUnits, units: number): number {
  if (units <= rule.first || rule.next <= 0) return rule.firstFen;
  return rule.firstFen + Math.ceil((units - rule.first) / rule.next) * rule.nextFen;
}

/** Whether a free-shipping condition of the template holds for the address and the group's units and amount. */
export function isFree(t: QuoteTemplate, chain: readonly string[], units: number, amountFen: number): boolean {
  return t.freeRules.some(
    (f) =>
      (f.areas.length === 0 || matchDepth(f.areas, chain) > 0) &&
      (f.minUnits > 0 || f.minFen > 0) &&
      (f.minUnits <= 0 || units >= f.minUnits) &&
      (f.minFen <= 0 || amountFen >= f.minFen),
  );
}

export const undeliverableReason = (title: string | undefined) => `${title ? `「${title}」` : '该商品'}不支持配送至该地区`;

/**
 * The order's freight: the highest flat fee among flat-fee goods, once (统一运费取最高); plus, per template, its rule
 * for the address on the group's total pieces or grams, unless one of its free-shipping conditions holds. Goods whose
 * template does not deliver to the address are listed as undeliverable and not charged. Goods on mode 2 without a
 * known template fall back to their flat fee.
 */
export function computeFreight(templates: ReadonlyMap<string, QuoteTemplate>, areaCode: string, items: readonly QuoteItem[]): Quote {
  const chain = areaChain(areaCode);
  const undeliverable: Quote['undeliverable'] = [];
  let flat = 0;
  const groups = new Map<string, { t: QuoteTemplate; units: number; fen: number }>();
  for (const item of items) {
    if (item.qty <= 0) continue;
    const t = item.postFeeMode === 2 && item.freightTemplateId ? templates.get(item.freightTemplateId) : undefined;
    if (!t) {
      flat = Math.max(flat, item.postFeeFen);
      continue;
    }
    if (matchDepth(t.noDelivery, chain) > 0) {
      undeliverable.push({ goodsId: item.goodsId, reason: undeliverableReason(item.title) });
      continue;
    }
    const g = groups.get(t.id) ?? { t, units: 0, fen: 0 };
    g.units += t.chargeBy === 2 ? item.weightG * item.qty : item.qty;
    g.fen += item.lineFen;
    groups.set(t.id, g);
  }
  let fen = flat;
  for (const { t, units, fen: amount } of groups.values()) {
    if (isFree(t, chain, units, amount)) continue;
    fen += chargeOf(ruleFor(t, chain), units);
  }
  return { fen, undeliverable };
}
