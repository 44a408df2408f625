/** The SKU matrix of the edit form: every combination of the spec values, keyed by its name/value pairs. */

export interface SpecDraft {
  name: string;
  values: string[];
}

export interface SkuDraft {
  price: string;
  originalPrice: string;
  cost: string;
  stock: string;
  weight: string;
  code: string;
  barcode: string;
  /** The stock of a saved SKU as loaded: sent back so that an untouched stock is not reset (sales meanwhile stand). */
  stockSeen?: number;
}

export const SKU_FIELDS = ['price', 'originalPrice', 'cost', 'stock', 'weight', 'code', 'barcode'] as const;
export type SkuField = (typeof SKU_FIELDS)[number];

export const emptySku = (): SkuDraft => ({ price: '', originalPrice: '', cost: '', stock: '', weight: '', code: '', barcode: '' });

/** The specs that count: a name and at least one value, blanks dropped. */
export function usableSpecs(specs: SpecDraft[]): SpecDraft[] {
  return specs
    .map((s) => ({ name: s.name.trim(), values: s.values.map((v) => v.trim()).filter(Boolean) }))
    .filter((s) => s.name && s.values.length > 0);
}

/** Every combination, in display order (the first spec varies slowest). */
export function combinations(specs: SpecDraft[]): Record<string, string>[] {
  return specs.reduce<Record<string, string>[]>((acc, s) => acc.flatMap((c) => s.values.map((v) => ({ ...c, [s.name]: v }))), [{}]);
}

/** The key of a combination (as the server's sku_key: pairs sorted by spec name), so reordering keeps a row. */
export function skuKey(specValues: Record<string, string>): string {
  return Object.keys(specValues)
    .sort()
    .map((k) => `${k}:${specValues[k]}`)
    .join('|');
}

/** '红 / M' in the order of the specs. */
export function skuLabel(specs: { name: string }[], specValues: Record<string, string>): string {
  return specs
    .map((s) => specValues[s.name])
    .filter((v) => v !== undefined)
    .join(' / ');
}

/** A spec problem the form shows before sending, or null. */
export function specProblem(specs: SpecDraft[]): string | null {
  const names = new Set<string>();
  for (const s of specs) {
    const name = s.name.trim();
    if (!name) return '请输入规格名';
    if (name.length > 10) return '规格名不能超过10个字';
    if (names.has(name)) return `规格名「${name}」重复`;
    names.add(name);
    const values = s.values.map((v) => v.trim()).filter(Boolean);
    if (values.length === 0) return `请为规格「${name}」添加规格值`;
    if (new Set(values).size !== values.length) return `规格「${name}」的规格值重复`;
    if (values.some((v) => v.length > 20)) return '规格值不能超过20个字';
  }
  return null;
}

/** The value of a column for every row (批量填充). */
export function fillColumn(rows: Record<string, SkuDraft>, keys: string[], field: SkuField, value: string): Record<string, SkuDraft> {
  const next = { ...rows };
  for (const k of keys) next[k] = { ...(next[k] ?? emptySku()), [field]: value };
  return next;
}
