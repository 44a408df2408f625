import type { contract, DataOf, GoodsDelivery, InputOf } from '@contract/index';
import dayjs, { type Dayjs } from 'dayjs';
import { emptySku, type SkuDraft, type SpecDraft, skuKey } from './sku-matrix';

export const FMT = 'YYYY-MM-DD HH:mm:ss';

type Detail = DataOf<typeof contract.goods.detail>;
type SaveBody = InputOf<typeof contract.goods.save>;

/** The fields of the goods form (specs and SKUs are kept beside it). */
export interface GoodsValues {
  type: 1 | 2 | 3;
  title: string;
  goodsNo: string;
  categoryId?: string;
  unitId?: string;
  mainImage: string;
  images: string[];
  sellingPoint: string;
  description: string;
  status: 0 | 1 | 2;
  startSaleAt?: Dayjs | null;
  sort: number;
  purchaseLimit: number;
  postFee: string;
  delivery: GoodsDelivery[];
  postFeeMode: 1 | 2;
  freightTemplateId: string | null;
  warrantyDays: number;
  trackSerial: boolean;
  joinvip: boolean;
  showvipprice: boolean;
  havevipprice: boolean;
  extensions: { key?: string; value: string }[];
  price: string;
  stock: string;
}

/** Server fields whose refusal shows under the form item of the same name. */
export const FORM_FIELDS = new Set([
  'title',
  'goodsNo',
  'categoryId',
  'unitId',
  'mainImage',
  'images',
  'sellingPoint',
  'description',
  'startSaleAt',
  'sort',
  'purchaseLimit',
  'postFee',
  'delivery',
  'postFeeMode',
  'freightTemplateId',
  'warrantyDays',
  'extensions',
]);

export const INITIAL_VALUES: Partial<GoodsValues> = {
  type: 1,
  status: 1,
  sort: 0,
  purchaseLimit: 0,
  postFee: '0',
  delivery: ['express'],
  postFeeMode: 1,
  freightTemplateId: null,
  warrantyDays: 0,
  trackSerial: false,
  joinvip: false,
  showvipprice: false,
  havevipprice: false,
  extensions: [],
  images: [],
  mainImage: '',
  sellingPoint: '',
  description: '',
};

const toStr = (v: number) => String(v);

/** The form's values of a saved goods. */
export const valuesOf = (d: Detail): Partial<GoodsValues> => ({
  type: d.type as GoodsValues['type'],
  title: d.title,
  goodsNo: d.goodsNo,
  categoryId: d.categoryId ?? undefined,
  unitId: d.unitId ?? undefined,
  mainImage: d.mainImage,
  images: d.images,
  sellingPoint: d.sellingPoint,
  description: d.description,
  status: d.status as GoodsValues['status'],
  startSaleAt: d.startSaleAt ? dayjs(d.startSaleAt) : null,
  sort: d.sort,
  purchaseLimit: d.purchaseLimit,
  postFee: toStr(d.postFee),
  delivery: d.delivery as GoodsDelivery[],
  postFeeMode: d.postFeeMode as GoodsValues['postFeeMode'],
  freightTemplateId: d.freightTemplateId,
  warrantyDays: d.warrantyDays,
  trackSerial: d.trackSerial,
  joinvip: d.joinvip,
  showvipprice: d.showvipprice,
  havevipprice: d.havevipprice,
  extensions: d.extensions.map((e) => ({ key: e.key, value: e.value })),
});

/** The SKU cells of a saved goods, by skuKey. */
export const skuRowsOf = (d: Detail): Record<string, SkuDraft> =>
  Object.fromEntries(
    d.skus.map((s) => [
      skuKey(s.specValues),
      {
        price: toStr(s.price),
        originalPrice: s.originalPrice ? toStr(s.originalPrice) : '',
        cost: s.cost ? toStr(s.cost) : '',
        stock: toStr(s.stock),
        weight: s.weight ? toStr(s.weight) : '',
        code: s.code,
        barcode: s.barcode,
        stockSeen: s.stock,
      },
    ]),
  );

/** The rows of the SKUs the specs make (a blank one where nothing was typed). */
export const skuRowsFor = (combos: Record<string, string>[], rows: Record<string, SkuDraft>) =>
  combos.map((c) => rows[skuKey(c)] ?? emptySku());

/** What 保存 sends: the form's values, the usable specs and one SKU per combination. */
export function saveBodyOf(
  id: string | null,
  v: GoodsValues,
  specs: SpecDraft[],
  combos: Record<string, string>[],
  skuRows: SkuDraft[],
): SaveBody {
  return {
    id: id ?? undefined,
    goodsNo: v.goodsNo ?? '',
    title: v.title,
    type: v.type,
    categoryId: v.categoryId ?? null,
    unitId: v.unitId ?? null,
    mainImage: v.mainImage ?? '',
    images: v.images ?? [],
    sellingPoint: v.sellingPoint ?? '',
    description: v.description ?? '',
    specs,
    skus: combos.map((c, i) => {
      const r = skuRows[i];
      return {
        specValues: c,
        price: Number(r.price),
        originalPrice: Number(r.originalPrice || 0),
        cost: Number(r.cost || 0),
        stock: Number(r.stock),
        stockSeen: r.stockSeen,
        weight: Number(r.weight || 0),
        code: r.code,
        barcode: r.barcode,
      };
    }),
    status: v.status,
    startSaleAt: v.status === 2 && v.startSaleAt ? v.startSaleAt.format(FMT) : '',
    sort: v.sort ?? 0,
    purchaseLimit: v.purchaseLimit ?? 0,
    postFee: Number(v.postFee || 0),
    delivery: v.delivery ?? ['express'],
    postFeeMode: v.postFeeMode ?? 1,
    freightTemplateId: v.postFeeMode === 2 ? (v.freightTemplateId ?? null) : null,
    warrantyDays: v.warrantyDays ?? 0,
    trackSerial: Boolean(v.trackSerial),
    joinvip: Boolean(v.joinvip),
    showvipprice: Boolean(v.showvipprice),
    havevipprice: Boolean(v.havevipprice),
    extensions: (v.extensions ?? []).filter((e) => e.key).map((e) => ({ key: e.key as string, value: e.value.trim() })),
  };
}
