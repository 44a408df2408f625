import { fenToYuan, GOODS_SHEET_HEADERS, type GoodsSheetKey, goodsSaveBody, goodsSkuInput } from '@shop/contract';
import type { z } from 'zod';
import { BizError } from '@/core/errors';
import { fmtTime } from '@/core/time';
import { buildMatrix } from '@/modules/goods/goods/goods.matrix';
import type { GoodsRow } from '@/modules/goods/goods/goods.repository';
import type { SheetRow } from './goods-transfer.sheet';

export type SaveInput = z.output<typeof goodsSaveBody>;

/** What a check needs to know about the enterprise: category paths, unit names and the goods of the file's numbers. */
export interface Lookups {
  /** '烘焙/面包' → category id. */
  categories: ReadonlyMap<string, string>;
  /** unit name → id. */
  units: ReadonlyMap<string, string>;
  /** goods number → the existing goods. */
  existing: ReadonlyMap<string, GoodsRow>;
}

/** One goods of the file after its check. */
export interface CheckedGoods {
  /** 1, 2, … in file order. */
  index: number;
  rows: SheetRow[];
  /** Errors by row number, each `第N行：…`. */
  errors: Map<number, string[]>;
  action: 'create' | 'update';
  /** The save body (an update carries the existing goods' id) when the goods has no error. */
  input?: SaveInput;
  /** What the spreadsheet sets; an update lays it over the goods as it is (the fields a sheet does not carry stay). */
  overrides: Record<string, unknown>;
  /** The goods an update changes. */
  existingId?: string;
  /** Spec values of each row, '红 / M'. */
  specText: Map<number, string>;
}

const TYPES: Record<string, 1 | 2 | 3> = { 实物: 1, 虚拟: 2, 服务: 3 };
const STATUSES: Record<string, 0 | 1> = { 上架: 1, 下架: 0 };
const header = (k: GoodsSheetKey) => GOODS_SHEET_HEADERS[k].replace('*', '');
/** Columns that describe the goods rather than the SKU: every row of a goods must agree on them (or leave them blank). */
const GOODS_KEYS = [
  'title',
  'goodsNo',
  'type',
  'category',
  'unit',
  'spec1Name',
  'spec2Name',
  'spec3Name',
  'sellingPoint',
  'status',
] as const;
const SPEC_COLS = [1, 2, 3] as const;
/** The SKU money and number columns: the save field, the label the save rules use, and whether the sheet requires it. */
const NUMBER_COLS = [
  { key: 'price', field: 'price', label: '价格', required: true },
  { key: 'originalPrice', field: 'originalPrice', label: '划线价', required: false },
  { key: 'cost', field: 'cost', label: '成本价', required: false },
  { key: 'stock', field: 'stock', label: '库存', required: true },
  { key: 'weight', field: 'weight', label: '重量', required: false },
] as const;

/** A category path as typed ('烘焙 / 面包', '烘焙／面包') in the form the lookups use ('烘焙/面包'). */
export const normalPath = (s: string) =>
  s
    .split(/[/／]/)
    .map((p) => p.trim())
    .filter(Boolean)
    .join('/');

/**
 * Splits the data rows into goods: rows with the same 商品编号 are one goods wherever they are; a row without a number
 * joins the row before it when it has the same 商品名称 (or none) and that row has no number either or left both blank.
 */
export function groupRows(rows: SheetRow[]): SheetRow[][] {
  const groups: SheetRow[][] = [];
  const byNo = new Map<string, SheetRow[]>();
  let prev: { group: SheetRow[]; title: string; numbered: boolean } | null = null;
  for (const r of rows) {
    const { goodsNo, title } = r.cells;
    let group: SheetRow[] | undefined;
    if (goodsNo) group = byNo.get(goodsNo);
    else if (prev && (!title || (!prev.numbered && title === prev.title))) group = prev.group;
    if (!group) {
      group = [];
      groups.push(group);
      if (goodsNo) byNo.set(goodsNo, group);
    }
    group.push(r);
    const first = group[0].cells;
    prev = { group, title: first.title || title, numbered: Boolean(goodsNo || first.goodsNo) };
  }
  return groups;
}

/** The save body of an existing goods, for the fields the spreadsheet does not carry. */
export function existingInput(g: GoodsRow) {
  return {
    id: g.id,
    goodsNo: g.goodsNo,
    title: g.title,
    type: g.type,
    categoryId: g.categoryId,
    unitId: g.unitId,
    mainImage: g.mainImage,
    images: g.images,
    sellingPoint: g.sellingPoint,
    description: g.description,
    status: g.status,
    startSaleAt: fmtTime(g.startSaleAt),
    sort: g.sort,
    joinvip: g.joinVip,
    showvipprice: g.showVipPrice,
    havevipprice: g.haveVipPrice,
    trackSerial: g.trackSerial,
    purchaseLimit: g.purchaseLimit,
    postFee: fenToYuan(g.postFeeFen),
  };
}

/**
 * Checks one goods of the file against the goods save rules (the contract's goodsSaveBody and goodsSkuInput, then the
 * SKU matrix rules of buildMatrix) and the enterprise's categories, units and goods numbers. Every row gets all the
 * errors found in it; an error about the goods as a whole goes to its first row.
 */
export function checkGoods(index: number, group: SheetRow[], look: Lookups): CheckedGoods {
  const errors = new Map<number, string[]>();
  const add = (row: number, msg: string) => {
    const list = errors.get(row) ?? [];
    const text = `第${row}行：${msg}`;
    if (!list.includes(text)) list.push(text);
    errors.set(row, list);
  };
  const first = group[0];
  // The goods' value of a column: the first row that fills it; a row that fills it differently is an error.
  const value = {} as Record<(typeof GOODS_KEYS)[number], string>;
  for (const key of GOODS_KEYS) {
    const owner = group.find((r) => r.cells[key]);
    value[key] = owner?.cells[key] ?? '';
    for (const r of group) {
      if (owner && r.cells[key] && r.cells[key] !== value[key]) add(r.row, `同一商品的「${header(key)}」与第${owner.row}行不一致`);
    }
  }
  const existing = value.goodsNo ? look.existing.get(value.goodsNo) : undefined;
  const action = existing ? 'update' : 'create';

  // Goods columns.
  let type: number | undefined = existing?.type ?? 1;
  if (value.type) {
    type = TYPES[value.type];
    if (!type) add(first.row, '商品类型只能填写实物、虚拟或服务');
  }
  let status: number | undefined = existing?.status ?? 0;
  if (value.status) {
    status = STATUSES[value.status];
    if (value.status === '定时开售' && existing?.status === 2) status = 2;
    else if (value.status === '定时开售') add(first.row, '状态「定时开售」请在商品编辑页设置开售时间');
    else if (status === undefined) add(first.row, '状态只能填写上架或下架');
  }
  let categoryId = existing?.categoryId ?? null;
  if (value.category) {
    categoryId = look.categories.get(normalPath(value.category)) ?? null;
    if (!categoryId) add(first.row, `商品分类「${value.category}」不存在`);
  }
  let unitId = existing?.unitId ?? null;
  if (value.unit) {
    unitId = look.units.get(value.unit) ?? null;
    if (!unitId) add(first.row, `单位「${value.unit}」不存在`);
  }

  // Specs: the named columns, in column order, each with its values in the order they first appear.
  const specCols = SPEC_COLS.filter((k) => value[`spec${k}Name`]);
  const specs = specCols.map((k) => ({ name: value[`spec${k}Name`], values: [] as string[] }));
  const specText = new Map<number, string>();
  const skus: Record<string, unknown>[] = [];
  for (const r of group) {
    const specValues: Record<string, string> = {};
    for (const k of SPEC_COLS) {
      const name = value[`spec${k}Name`];
      const v = r.cells[`spec${k}Value`];
      if (name && !v) add(r.row, `请填写规格${k}值`);
      if (!name && v) add(r.row, `请填写规格${k}名称`);
      if (name && v) {
        specValues[name] = v;
        const spec = specs[specCols.indexOf(k)];
        if (!spec.values.includes(v)) spec.values.push(v);
      }
    }
    specText.set(r.row, Object.values(specValues).join(' / '));
    // Numbers: required and numeric here; the ranges are the save rules' (goodsSkuInput).
    const sku: Record<string, unknown> = { specValues, code: r.cells.code, barcode: r.cells.barcode };
    for (const c of NUMBER_COLS) {
      const text = r.cells[c.key].replace(/,/g, '');
      if (!text) {
        if (c.required) add(r.row, `请填写${header(c.key)}`);
        sku[c.field] = c.required ? 0 : undefined;
      } else if (!Number.isFinite(Number(text))) {
        add(r.row, `${header(c.key)}须为数字`);
        sku[c.field] = 0;
      } else sku[c.field] = Number(text);
    }
    const checked = goodsSkuInput.safeParse(sku);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const col = NUMBER_COLS.find((c) => c.field === issue.path[0]);
        add(r.row, col ? issue.message.replace(col.label, header(col.key)) : issue.message);
      }
    }
    skus.push(sku);
  }
  if (!specs.length && group.length > 1) {
    for (const r of group.slice(1)) add(r.row, '未设置规格的商品只能有一行：请填写规格，或给不同的商品填写不同的商品编号');
  }

  const overrides = {
    goodsNo: value.goodsNo,
    title: value.title,
    type,
    categoryId,
    unitId,
    sellingPoint: value.sellingPoint || (existing?.sellingPoint ?? ''),
    status,
    specs,
    skus,
  };
  const parsed = goodsSaveBody.safeParse({ ...(existing ? existingInput(existing) : {}), ...overrides });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, i, sub, j] = issue.path;
      // SKU fields were checked row by row above.
      if (field === 'skus' && issue.path.length > 1) continue;
      if (field === 'specs' && typeof i === 'number') {
        const col = specCols[i];
        if (sub === 'values' && typeof j === 'number') {
          const v = specs[i]?.values[j];
          const r = group.find((x) => x.cells[`spec${col}Value`] === v) ?? first;
          add(r.row, issue.message.replace('规格值', `规格${col}值`));
        } else add(first.row, issue.message.replace('规格名', `规格${col}名称`));
        continue;
      }
      add(first.row, issue.message);
    }
  }
  if (errors.size || !parsed.success) return { index, rows: group, errors, action, specText, overrides, existingId: existing?.id };

  try {
    buildMatrix(parsed.data.specs, parsed.data.skus);
  } catch (e) {
    if (!(e instanceof BizError)) throw e;
    // 规格组合「红 / M」重复 and 条形码「X」重复 belong to the second row that has it; the rest to the goods.
    const named = /「(.*)」/.exec(e.message)?.[1];
    const rows = named ? group.filter((r) => specText.get(r.row) === named || r.cells.barcode === named) : [];
    add((rows[1] ?? first).row, e.message);
    return { index, rows: group, errors, action, specText, overrides, existingId: existing?.id };
  }
  return { index, rows: group, errors, action, input: parsed.data, specText, overrides, existingId: existing?.id };
}
