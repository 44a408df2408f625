import type { contract, DataOf, InputOf } from '@contract/index';
import dayjs, { type Dayjs } from 'dayjs';

export const FMT = 'YYYY-MM-DD HH:mm:ss';

/** The fields of the points goods form. */
export interface PointsGoodsValues {
  title: string;
  kind: 1 | 2;
  goodsId: string | null;
  mainImage: string;
  images: string[];
  description: string;
  points: number | null;
  cash: string;
  marketPrice: string;
  stock: number | null;
  perMemberLimit: number | null;
  window?: [Dayjs | null, Dayjs | null];
  status: 0 | 1;
  sort: number | null;
}

type Detail = DataOf<typeof contract.pointsGoods.detail>;
type SaveBody = InputOf<typeof contract.pointsGoods.save>;

/** Server field names and the form item that shows their message. */
export const FIELD_OF: Record<string, keyof PointsGoodsValues> = {
  title: 'title',
  kind: 'kind',
  goodsId: 'goodsId',
  mainImage: 'mainImage',
  images: 'images',
  description: 'description',
  points: 'points',
  cash: 'cash',
  marketPrice: 'marketPrice',
  stock: 'stock',
  perMemberLimit: 'perMemberLimit',
  startTime: 'window',
  endTime: 'window',
  status: 'status',
  sort: 'sort',
};

export const INITIAL_VALUES: Partial<PointsGoodsValues> = {
  kind: 1,
  status: 1,
  sort: 0,
  perMemberLimit: 0,
  images: [],
  mainImage: '',
  description: '',
  cash: '',
  marketPrice: '',
};

/** A money field's rule: empty, or at most 9999999. */
export const money = (label: string) => ({
  validator: (_: unknown, v: string) => {
    if (v === undefined || v === '') return Promise.resolve();
    return Number(v) > 9_999_999 ? Promise.reject(new Error(`${label}不能超过9999999`)) : Promise.resolve();
  },
});

/** The form's values of a saved points goods. */
export const valuesOf = (d: Detail): PointsGoodsValues => ({
  title: d.title,
  kind: d.kind as PointsGoodsValues['kind'],
  goodsId: d.goodsId,
  mainImage: d.mainImage,
  images: d.images,
  description: d.description,
  points: d.points,
  cash: d.cash ? String(d.cash) : '',
  marketPrice: d.marketPrice ? String(d.marketPrice) : '',
  stock: d.stock,
  perMemberLimit: d.perMemberLimit,
  window: d.startTime || d.endTime ? [d.startTime ? dayjs(d.startTime) : null, d.endTime ? dayjs(d.endTime) : null] : undefined,
  status: d.status as PointsGoodsValues['status'],
  sort: d.sort,
});

/** What 保存 sends for the form's values. */
export const saveBodyOf = (id: string | null, v: PointsGoodsValues): SaveBody => ({
  id: id ?? undefined,
  title: v.title,
  kind: v.kind,
  goodsId: v.goodsId ?? null,
  mainImage: v.mainImage ?? '',
  images: v.images ?? [],
  description: v.description ?? '',
  points: v.points ?? 0,
  cash: Number(v.cash || 0),
  marketPrice: Number(v.marketPrice || 0),
  stock: v.stock ?? 0,
  perMemberLimit: v.perMemberLimit ?? 0,
  startTime: v.window?.[0]?.format(FMT) ?? '',
  endTime: v.window?.[1]?.format(FMT) ?? '',
  status: v.status,
  sort: v.sort ?? 0,
});
