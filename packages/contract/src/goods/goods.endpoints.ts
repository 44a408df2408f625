import { z } from 'zod';
import { endpoint, listOf, nothing } from '../core/endpoint';
import { goodsIdBody, goodsIdsBody } from './goods-common.schemas';
import * as s from './goods.schemas';

const goodlist = { menu: 'Goodlist' } as const;

/** /Goods/Goods/: goods and their SKU matrix (screens /Goodlist, /addgoods, /editfrom). */
export const goodsEndpoints = {
  getnextgoodsno: endpoint({
    method: 'POST',
    path: '/Goods/Goods/getnextgoodsno',
    summary: '下一个商品编号',
    body: z.object({}),
    data: z.object({ goodsNo: z.string() }),
    permission: goodlist,
  }),
  save: endpoint({
    method: 'POST',
    path: '/Goods/Goods/save',
    summary: '新建或保存商品（含规格矩阵），回答 id',
    body: s.goodsSaveBody,
    data: z.object({ id: z.string() }),
    permission: goodlist,
  }),
  detail: endpoint({
    method: 'POST',
    path: '/Goods/Goods/detail',
    summary: '商品详情（金额为元）',
    body: goodsIdBody,
    data: s.goodsDetail,
    permission: goodlist,
  }),
  list: endpoint({
    method: 'POST',
    path: '/Goods/Goods/list',
    summary: '商品列表（关键字、分类含下级、状态、价格与库存区间、排序）',
    body: s.goodsListBody,
    data: listOf(s.goodsListRow),
    permission: goodlist,
  }),
  updateState: endpoint({
    method: 'POST',
    path: '/Goods/Goods/updateState',
    summary: '批量上架（1）/ 下架（0）',
    body: s.goodsOnOffBody,
    data: nothing,
    permission: goodlist,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/Goods/Goods/delete',
    summary: '批量删除商品',
    body: goodsIdsBody,
    data: nothing,
    permission: goodlist,
  }),
  editprice: endpoint({
    method: 'POST',
    path: '/Goods/Goods/editprice',
    summary: '改价 {id, skus:[{skuId, price}]}',
    body: s.goodsEditPriceBody,
    data: nothing,
    permission: goodlist,
  }),
  editsort: endpoint({
    method: 'POST',
    path: '/Goods/Goods/editsort',
    summary: '修改排序值',
    body: s.goodsEditSortBody,
    data: nothing,
    permission: goodlist,
  }),
  BatchEditGoodsStock: endpoint({
    method: 'POST',
    path: '/Goods/Goods/BatchEditGoodsStock',
    summary: '批量设置规格库存（绝对值）',
    body: s.goodsBatchStockBody,
    data: nothing,
    permission: goodlist,
  }),
  copy: endpoint({
    method: 'POST',
    path: '/Goods/Goods/copy',
    summary: '复制商品（新编号，放入仓库），回答新 id',
    body: goodsIdBody,
    data: z.object({ id: z.string() }),
    permission: goodlist,
  }),
  changetype: endpoint({
    method: 'POST',
    path: '/Goods/Goods/changetype',
    summary: '批量修改商品类型',
    body: s.goodsChangeTypeBody,
    data: nothing,
    permission: goodlist,
  }),
};
