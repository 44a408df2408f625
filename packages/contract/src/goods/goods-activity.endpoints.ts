import { z } from 'zod';
import { endpoint, listOf, nothing, menuPermission, KB } from '../core/endpoint';
import { goodsIdBody, goodsIdsBody } from './goods-common.schemas';
import * as s from './goods-activity.schemas';

/**
 * Activities are managed with the goods grant until their marketing screens (/GoodsSales 限时折扣, /GoodSeckill 秒杀)
 * join the menu; the return-points setting sits on /AGood.
 */
const goodlist = menuPermission('Goodlist');
const agood = menuPermission('AGood');

/** /Goods/GoodsActivity/: time-boxed goods promotions and the 购物返积分 setting (spec 001 §7). */
export const goodsActivityEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/Goods/GoodsActivity/list',
    summary: '活动列表（关键字、类型、状态 1未开始 2进行中 3已结束 4已停用）',
    body: s.goodsActivityListBody,
    data: listOf(s.goodsActivityRow),
    permission: goodlist.view,
  }),
  detail: endpoint({
    method: 'POST',
    path: '/Goods/GoodsActivity/detail',
    summary: '活动详情（含商品与规格，金额为元）',
    body: goodsIdBody,
    data: s.goodsActivityDetail,
    permission: goodlist.view,
  }),
  save: endpoint({
    method: 'POST',
    path: '/Goods/GoodsActivity/save',
    summary: '新建或保存活动（未开始的可编辑，进行中的只能停用），回答 id',
    body: s.goodsActivitySaveBody,
    // Up to 1000 SKUs.
    bodyLimit: 256 * KB,
    data: z.object({ id: z.string() }),
    permission: goodlist.edit,
    idempotent: true,
  }),
  del: endpoint({
    method: 'POST',
    path: '/Goods/GoodsActivity/del',
    summary: '删除活动（进行中的须先停用）',
    body: goodsIdsBody,
    data: nothing,
    permission: goodlist.delete,
  }),
  goodlist: endpoint({
    method: 'POST',
    path: '/Goods/GoodsActivity/goodlist',
    summary: '活动的商品（分页）',
    body: s.goodsActivityGoodsListBody,
    data: listOf(s.goodsActivityGoodsRow),
    permission: goodlist.view,
  }),
  actGoodsSkuList: endpoint({
    method: 'POST',
    path: '/Goods/GoodsActivity/actGoodsSkuList',
    summary: '活动中一个商品的规格（活动价、活动库存）',
    body: s.goodsActivitySkuListBody,
    data: z.array(s.goodsActivitySkuRow),
    permission: goodlist.view,
  }),
  ActList: endpoint({
    method: 'POST',
    path: '/Goods/GoodsActivity/ActList',
    summary: '商品参加的进行中和未开始的活动',
    body: s.goodsActivityOfGoodsBody,
    data: z.array(s.goodsActivityOfGoodsRow),
    permission: goodlist.view,
  }),
  OrderList: endpoint({
    method: 'POST',
    path: '/Goods/GoodsActivity/OrderList',
    summary: '活动订单（订单状态、订单号或手机号，分页，含已付款订单的合计）',
    body: s.goodsActivityOrderListBody,
    data: s.goodsActivityOrderListData,
    permission: goodlist.view,
  }),
  GetReturnScoreConfig: endpoint({
    method: 'POST',
    path: '/Goods/GoodsActivity/GetReturnScoreConfig',
    summary: '购物返积分设置',
    body: z.object({}),
    data: s.returnScoreConfig,
    permission: agood.view,
  }),
  SetReturnScoreConfig: endpoint({
    method: 'POST',
    path: '/Goods/GoodsActivity/SetReturnScoreConfig',
    summary: '保存购物返积分设置',
    body: s.returnScoreConfigBody,
    data: nothing,
    permission: agood.edit,
  }),
};
