import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { imageUrl, requiredText } from '../core/fields';
import { goodsSortValue, goodsStatus, goodsStatusFilter } from './goods-common.schemas';

export const GOODS_TYPE_NAME_MAX = 20;

/** An image URL: one of ours under /file/, or an absolute http(s) address. */
const iconUrl = imageUrl('图标');

/** A parent: a category id, or empty / null for the top level; left out (undefined) it stays as it is. */
const parentRef = z
  .union([z.string().uuid('上级分类不正确'), z.literal('')])
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

/**
 * GoodsType/save: creates (no id) or updates a category; a new parentId moves it. Fields left out of an update keep
 * their value; a new category defaults to the top level, no icon, enabled.
 */
export const goodsTypeSaveBody = z.object({
  id: z.string().uuid('id不正确').optional(),
  name: requiredText('分类名称', GOODS_TYPE_NAME_MAX),
  parentId: parentRef,
  /** Smaller first among siblings; left out: after the last sibling (new or moved), unchanged otherwise. */
  sort: goodsSortValue.optional(),
  icon: iconUrl.optional(),
  status: goodsStatus.optional(),
});

/** GoodsType/list: the whole tree, or the matches of keyword / status with their ancestors. */
export const goodsTypeListBody = z.object({
  keyword: z.string().trim().max(100, '关键字不能超过100个字').optional().default(''),
  status: goodsStatusFilter(),
});

/** GoodsType/GetTreeSelData: enabled categories by default (status -1 for all); excludeId leaves out a category and what is under it. */
export const goodsTypeTreeSelBody = z.object({
  status: goodsStatusFilter(1),
  excludeId: z.string().uuid('id不正确').optional(),
});

/** GoodsType/GetGtypePageList: flat and server-paged, for catalogues too large for one tree. */
export const goodsTypePageBody = listQuery.extend({
  status: goodsStatusFilter(),
  /** Only the direct children of this category ('' for top-level ones); left out: every level. */
  parentId: z.union([z.string().uuid('上级分类不正确'), z.literal('')]).optional(),
});
export const GOODS_TYPE_SORT_FIELDS = ['sort', 'name', 'status', 'createTime'] as const;

const typeFields = {
  id: z.string(),
  name: z.string(),
  /** null for a top-level category. */
  parentId: z.string().nullable(),
  /** 1 for a top-level category. */
  level: z.number().int(),
  icon: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
  /** Goods filed directly under this category. */
  goodsCount: z.number().int(),
  createTime: z.string(),
};

/** A node of the category tree (GoodsType/list); leaves have no children. */
export interface GoodsTypeNode extends z.output<typeof goodsTypeBase> {
  children?: GoodsTypeNode[];
}
const goodsTypeBase = z.object(typeFields);
export const goodsTypeNode: z.ZodType<GoodsTypeNode> = goodsTypeBase.extend({
  children: z.lazy(() => z.array(goodsTypeNode)).optional(),
});

/** A category in a flat list, with its full path name (食品 / 水果 / 苹果). */
export const goodsTypeFlatRow = z.object({ ...typeFields, pathName: z.string(), childCount: z.number().int() });

/** GoodsType/getalllist: enabled categories in tree order, for pickers. */
export const goodsTypePickRow = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  level: z.number().int(),
  pathName: z.string(),
});

/** A node of antd TreeSelect. */
export interface TreeSelNode {
  value: string;
  title: string;
  children?: TreeSelNode[];
}
export const treeSelNode: z.ZodType<TreeSelNode> = z.object({
  value: z.string(),
  title: z.string(),
  children: z.lazy(() => z.array(treeSelNode)).optional(),
});

export const goodsTypeDetail = goodsTypeFlatRow.extend({ parentName: z.string() });

/** GoodsType/getptype: the category and its ancestors, top-level first. */
export const goodsTypePathItem = z.object({ id: z.string(), name: z.string(), level: z.number().int() });
