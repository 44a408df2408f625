import { z } from 'zod';
import { endpoint, listOf, nothing, menuPermission, KB } from '../core/endpoint';
import { goodsIdBody, goodsIdsBody } from './goods-common.schemas';
import * as s from './points-goods.schemas';

const agood = menuPermission('AGood');

/** /Goods/PointsGoods/: points-mall goods (screens /AGood, /AGoodEdit). The spec names the screens only. */
export const pointsGoodsEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/Goods/PointsGoods/list',
    summary: '积分商品列表（关键字、状态、类型、排序）',
    body: s.pointsGoodsListBody,
    data: listOf(s.pointsGoodsRow),
    permission: agood.view,
  }),
  detail: endpoint({
    method: 'POST',
    path: '/Goods/PointsGoods/detail',
    summary: '积分商品详情（金额为元）',
    body: goodsIdBody,
    data: s.pointsGoodsDetail,
    permission: agood.view,
  }),
  save: endpoint({
    method: 'POST',
    path: '/Goods/PointsGoods/save',
    summary: '新建或保存积分商品，回答 id',
    body: s.pointsGoodsSaveBody,
    // The rich-text description (200,000 characters).
    bodyLimit: 1024 * KB,
    data: z.object({ id: z.string() }),
    permission: agood.edit,
    idempotent: true,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/Goods/PointsGoods/delete',
    summary: '批量删除积分商品（兑换记录保留）',
    body: goodsIdsBody,
    data: nothing,
    permission: agood.delete,
  }),
  updateState: endpoint({
    method: 'POST',
    path: '/Goods/PointsGoods/updateState',
    summary: '批量上架（1）/ 下架（0）',
    body: s.pointsGoodsStateBody,
    data: nothing,
    permission: agood.edit,
  }),
  editstock: endpoint({
    method: 'POST',
    path: '/Goods/PointsGoods/editstock',
    summary: '设置剩余库存',
    body: s.pointsGoodsStockBody,
    data: nothing,
    permission: agood.edit,
  }),
};
