import { GOODS_SKU_MAX, type goodsSaveBody } from '@shop/contract';
import type { z } from 'zod';
import { BizError, CODE } from '@/core/errors';

type SaveInput = z.output<typeof goodsSaveBody>;
type Spec = SaveInput['specs'][number];

/** One SKU row ready to store: its combination key, values and money in fen. */
export interface MatrixRow {
  skuKey: string;
  specValues: Record<string, string>;
  priceFen: number;
  originalPriceFen: number;
  costFen: number;
  stock: number;
  /** The stock the edit form showed (contract goodsSkuInput). */
  stockSeen?: number;
  weightG: number;
  code: string;
  barcode: string;
  sort: number;
}

const refuse = (msg: string, field = 'skus') => new BizError(msg, CODE.validation, { errors: [{ field, msg }] });

/**
 * The stable key of a value combination: its name/value pairs ordered by spec name, so reordering specs or SKU rows
 * keeps every SKU, and a SKU survives an edit exactly when its combination still exists.
 */
export function skuKey(specValues: Record<string, string>): string {
  return JSON.stringify(Object.entries(specValues).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function combinations(specs: Spec[]): Record<string, string>[] {
  let out: Record<string, string>[] = [{}];
  for (const s of specs) out = out.flatMap((c) => s.values.map((v) => ({ ...c, [s.name]: v })));
  return out;
}

const label = (specs: Spec[], values: Record<string, string>) => specs.map((s) => values[s.name]).join(' / ');

/** Checks the spec names, values and SKU rows of a save and answers the rows in matrix order. */
export function buildMatrix(specs: Spec[], skus: SaveInput['skus']): MatrixRow[] {
  const names = new Set<string>();
  for (const s of specs) {
    if (names.has(s.name)) throw refuse(`规格名「${s.name}」重复`, 'specs');
    names.add(s.name);
    const seen = new Set<string>();
    for (const v of s.values) {
      if (seen.has(v)) throw refuse(`规格值「${v}」重复`, 'specs');
      seen.add(v);
    }
  }
  const size = specs.reduce((n, s) => n * s.values.length, 1);
  if (size > GOODS_SKU_MAX) throw refuse(`商品规格最多${GOODS_SKU_MAX}个`);
  if (!specs.length && skus.length !== 1) throw refuse('未设置规格时只能有一个商品规格');

  const given = new Map<string, SaveInput['skus'][number]>();
  const barcodes = new Set<string>();
  for (const sku of skus) {
    const values = specs.length ? sku.specValues : {};
    const keys = Object.keys(values);
    const valid = keys.length === specs.length && specs.every((s) => s.values.includes(values[s.name]));
    if (!valid) throw refuse('商品规格的规格值不正确');
    const key = skuKey(values);
    if (given.has(key)) throw refuse(`规格组合「${label(specs, values)}」重复`);
    given.set(key, sku);
    if (sku.barcode) {
      if (barcodes.has(sku.barcode)) throw refuse(`条形码「${sku.barcode}」重复`);
      barcodes.add(sku.barcode);
    }
  }
  return combinations(specs).map((values, i) => {
    const sku = given.get(skuKey(values));
    if (!sku) throw refuse(`规格组合「${label(specs, values)}」未填写价格和库存`);
    return {
      skuKey: skuKey(values),
      specValues: values,
      priceFen: sku.price,
      originalPriceFen: sku.originalPrice,
      costFen: sku.cost,
      stock: sku.stock,
      stockSeen: sku.stockSeen,
      weightG: sku.weight,
      code: sku.code,
      barcode: sku.barcode,
      sort: i + 1,
    };
  });
}
