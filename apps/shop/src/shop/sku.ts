// The SKU chooser's rules, without React: which spec values may be picked, which SKU a choice is, how many may be bought.

export interface Spec {
  name: string;
  values: string[];
}
/** The 限时折扣 / 秒杀 running now that checkout prices a SKU by (goods README, H5 goods detail). */
export interface SkuActivity {
  type: number;
  tag: string;
  price: number;
  /** Activity stock left: 0 is a 秒杀 已抢光. */
  left: number;
  /** Seconds to the end when the page loaded. */
  endsIn: number;
  perMemberLimit: number;
}
export interface Sku {
  skuId: string;
  specValues: Record<string, string>;
  price: number;
  originalPrice: number;
  stock: number;
  activity?: SkuActivity | null;
}

/** What a SKU costs now: its running activity's price (what checkout charges), else its price. */
export const payPrice = (s: Sku): number => (s.activity ? s.activity.price : s.price);

/** A 秒杀 whose activity stock is gone: 已抢光, not sold while it runs. */
export const grabbedOut = (s: Sku | undefined): boolean => !!s?.activity && s.activity.left <= 0;

/** A countdown of seconds: 2天 03:04:05, or 03:04:05 under a day. */
export function countdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const p = (n: number) => String(n).padStart(2, '0');
  const hms = `${p(Math.floor((s % 86_400) / 3600))}:${p(Math.floor((s % 3600) / 60))}:${p(s % 60)}`;
  return d > 0 ? `${d}天 ${hms}` : hms;
}
/** spec name → chosen value (a spec not chosen yet is absent). */
export type Choice = Record<string, string>;

const matches = (sku: Sku, choice: Choice) => Object.entries(choice).every(([name, value]) => sku.specValues[name] === value);

/**
 * Whether a value can be picked given the other specs chosen: some SKU in stock has it and the other chosen values.
 * A value of no SKU in stock is shown disabled (缺货).
 */
export function valueAvailable(skus: Sku[], choice: Choice, spec: string, value: string): boolean {
  const others: Choice = { ...choice, [spec]: value };
  return skus.some((s) => s.stock > 0 && matches(s, others));
}

/** The SKU of a full choice (every spec chosen); a goods without specs has its one SKU. */
export function chosenSku(specs: Spec[], skus: Sku[], choice: Choice): Sku | undefined {
  if (specs.some((s) => !choice[s.name])) return undefined;
  return skus.find((s) => matches(s, choice));
}

/** Picks a value, or unpicks it when it was chosen (tapping a chosen button again). */
export function toggle(choice: Choice, spec: string, value: string): Choice {
  const next = { ...choice };
  if (next[spec] === value) delete next[spec];
  else next[spec] = value;
  return next;
}

/** The first choice shown: the only value of each spec that has one, so a single-SKU goods is chosen at once. */
export function initialChoice(specs: Spec[], skus: Sku[]): Choice {
  const choice: Choice = {};
  for (const s of specs) if (s.values.length === 1 && valueAvailable(skus, choice, s.name, s.values[0])) choice[s.name] = s.values[0];
  return choice;
}

/**
 * The most one order may take: the SKU's stock, the purchase limit when there is one (0 = none), and in an activity
 * its stock left and its per-member limit.
 */
export function maxQuantity(sku: Sku | undefined, purchaseLimit: number): number {
  if (!sku) return 0;
  const caps = [sku.stock];
  if (purchaseLimit > 0) caps.push(purchaseLimit);
  if (sku.activity) caps.push(sku.activity.left);
  if (sku.activity && sku.activity.perMemberLimit > 0) caps.push(sku.activity.perMemberLimit);
  return Math.max(0, Math.min(...caps));
}

/** A quantity kept within 1…max (0 when nothing can be bought). */
export function clampQuantity(n: number, max: number): number {
  if (max <= 0) return 0;
  if (!Number.isFinite(n)) return 1;
  return Math.max(1, Math.min(max, Math.floor(n)));
}

/** Price shown for a choice (activity prices where running): the SKU's, else the span of the SKUs that still match. */
export function priceSpan(skus: Sku[], choice: Choice): { min: number; max: number } | undefined {
  const rest = skus.filter((s) => matches(s, choice));
  if (rest.length === 0) return undefined;
  const prices = rest.map(payPrice);
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

/** What the chooser says is missing: 请选择 颜色 尺码. */
export function missingSpecs(specs: Spec[], choice: Choice): string[] {
  return specs.filter((s) => !choice[s.name]).map((s) => s.name);
}
