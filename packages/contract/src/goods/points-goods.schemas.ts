import { z } from 'zod';
import { yuanOut } from '../core/money';
import { listQuery } from '../core/endpoint';
import { imageUrl as imageUrlOf, requiredText } from '../core/fields';
import { goodsSortValue } from './goods-common.schemas';
import { stockAmount, yuanAmount } from './goods.schemas';

export const POINTS_GOODS_TITLE_MAX = 50;
export const POINTS_MAX = 99_999_999;

/** 1 physical (实物, shipped), 2 virtual (虚拟). */
export const pointsGoodsKind = z.union([z.literal(1), z.literal(2)], { error: '商品类型不正确' });

const imageUrl = imageUrlOf('图片');

/** 'YYYY-MM-DD HH:mm:ss' (display zone) or '' for none. */
const timeText = z.string().trim().max(19, '时间格式不正确').optional().default('');

/** PointsGoods/save: creates (no id) or replaces a points-mall goods. Money is yuan. */
export const pointsGoodsSaveBody = z.object({
  id: z.string().uuid('id不正确').optional(),
  title: requiredText('商品名称', POINTS_GOODS_TITLE_MAX),
  kind: pointsGoodsKind.optional().default(1),
  /** The catalogue goods it stands for (/Goods/Goods/list picks it); null for none. */
  goodsId: z.string().uuid('关联商品不正确').nullish(),
  mainImage: imageUrl.optional().default(''),
  images: z.array(imageUrl).max(15, '商品图片最多15张').optional().default([]),
  /** HTML; scripts, styles, event attributes and javascript: addresses are removed. */
  description: z.string().max(200_000, '商品详情过长').optional().default(''),
  points: z.coerce
    .number({ error: '请输入兑换积分' })
    .int('兑换积分须为整数')
    .min(1, '兑换积分须大于0')
    .max(POINTS_MAX, `兑换积分不能超过${POINTS_MAX}`),
  /** Cash on top of the points, yuan; 0 for points only. */
  cash: yuanAmount('现金').optional().default(0),
  marketPrice: yuanAmount('市场价').optional().default(0),
  stock: stockAmount,
  /** Per member over the goods' life; 0 unlimited. */
  perMemberLimit: z.coerce
    .number({ error: '请输入每人限兑数量' })
    .int('每人限兑须为整数')
    .min(0, '每人限兑不能小于0')
    .max(99_999, '每人限兑不能超过99999')
    .optional()
    .default(0),
  /** The exchange window; either end may be ''. */
  startTime: timeText,
  endTime: timeText,
  /** 1 on shelf (上架), 0 off shelf (下架). */
  status: z
    .union([z.literal(0), z.literal(1)], { error: '状态不正确' })
    .optional()
    .default(0),
  sort: goodsSortValue.optional().default(0),
});

export const POINTS_GOODS_LIST_STATUS = ['all', 'on_sale', 'off_shelf', 'sold_out'] as const;
export const POINTS_GOODS_SORT_FIELDS = ['points', 'stock', 'exchanged', 'sort', 'createTime'] as const;

/** PointsGoods/list: keyword on the title, a status tab (全部 / 上架中 / 已下架 / 已兑完), kind; sorter fields above. */
export const pointsGoodsListBody = listQuery.extend({
  status: z.enum(POINTS_GOODS_LIST_STATUS, { error: '状态不正确' }).optional().default('all'),
  kind: pointsGoodsKind.optional(),
});

export const pointsGoodsRow = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.number().int(),
  goodsId: z.string().nullable(),
  mainImage: z.string(),
  points: z.number().int(),
  /** Yuan. */
  cash: yuanOut(),
  marketPrice: yuanOut(),
  stock: z.number().int(),
  perMemberLimit: z.number().int(),
  exchanged: z.number().int(),
  status: z.number().int(),
  sort: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  createTime: z.string(),
});

export const pointsGoodsDetail = pointsGoodsRow.extend({
  images: z.array(z.string()),
  description: z.string(),
  /** The linked catalogue goods' title; '' without a link or when that goods is gone. */
  goodsTitle: z.string(),
  updateTime: z.string(),
});

export const pointsGoodsStateBody = z.object({
  ids: z.array(z.string().uuid('选中的数据不正确'), { error: '请选择数据' }).min(1, '请选择数据').max(200, '一次最多操作200条'),
  status: z.union([z.literal(0), z.literal(1)], { error: '状态不正确' }),
});

/** PointsGoods/editstock: sets the remaining stock. */
export const pointsGoodsStockBody = z.object({ id: z.string({ error: '缺少id' }).uuid('id不正确'), stock: stockAmount });
