import { z } from 'zod';
import { endpoint, listOf, nothing, menuPermission } from '../core/endpoint';
import { goodsIdBody, goodsIdsBody, goodsSortBody, goodsStateBody } from './goods-common.schemas';
import * as s from './goods-type.schemas';

const catelist = menuPermission('Catelist');
/** Read-only pickers the goods screens use too: any member of the enterprise may read enabled categories. */
const picker = 'renter' as const;

/** /Goods/GoodsType/: goods categories, a tree of any depth (screen /Catelist). */
export const goodsTypeEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/Goods/GoodsType/list',
    summary: '分类树（关键字、状态筛选；命中的分类连同其上级）',
    body: s.goodsTypeListBody,
    data: z.array(s.goodsTypeNode),
    permission: catelist.view,
  }),
  getalllist: endpoint({
    method: 'POST',
    path: '/Goods/GoodsType/getalllist',
    summary: '启用的分类，按树的顺序平铺（选择器用）',
    body: z.object({}),
    data: z.array(s.goodsTypePickRow),
    permission: picker,
  }),
  GetTreeSelData: endpoint({
    method: 'POST',
    path: '/Goods/GoodsType/GetTreeSelData',
    summary: '分类树，antd TreeSelect 的 {value,title,children}',
    body: s.goodsTypeTreeSelBody,
    data: z.array(s.treeSelNode),
    permission: picker,
  }),
  detail: endpoint({
    method: 'POST',
    path: '/Goods/GoodsType/detail',
    summary: '分类详情',
    body: goodsIdBody,
    data: s.goodsTypeDetail,
    permission: catelist.view,
  }),
  save: endpoint({
    method: 'POST',
    path: '/Goods/GoodsType/save',
    summary: '新建或保存分类（改 parentId 即移动），回答 id',
    body: s.goodsTypeSaveBody,
    data: z.object({ id: z.string() }),
    permission: catelist.edit,
    idempotent: true,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/Goods/GoodsType/delete',
    summary: '删除分类（有商品或子分类的不能删除）',
    body: goodsIdsBody,
    data: nothing,
    permission: catelist.delete,
  }),
  sort: endpoint({
    method: 'POST',
    path: '/Goods/GoodsType/sort',
    summary: '保存排序值 {list:[{id,sort}]}，小的在前',
    body: goodsSortBody,
    data: nothing,
    permission: catelist.edit,
  }),
  upstate: endpoint({
    method: 'POST',
    path: '/Goods/GoodsType/upstate',
    summary: '启用 / 禁用（status 1 / 0），连同全部下级分类',
    body: goodsStateBody,
    data: nothing,
    permission: catelist.edit,
  }),
  getptype: endpoint({
    method: 'POST',
    path: '/Goods/GoodsType/getptype',
    summary: '分类的路径：从顶级分类到它自己',
    body: goodsIdBody,
    data: z.array(s.goodsTypePathItem),
    permission: picker,
  }),
  GetGtypePageList: endpoint({
    method: 'POST',
    path: '/Goods/GoodsType/GetGtypePageList',
    summary: '分类平铺分页列表（大目录用）',
    body: s.goodsTypePageBody,
    data: listOf(s.goodsTypeFlatRow),
    permission: catelist.view,
  }),
};
