import { z } from 'zod';
import { customerEndpoint, empty, listOf } from '../core/endpoint';
import * as s from './h5-goods.schemas';

/**
 * The catalogue on the customer side (the H5 shop, apps/shop): paths under /h5/, a visitor actor (a member's token
 * works too), the shop in the `shop-id` header. Only goods customers may see: on sale, or scheduled and past its start.
 */
export const h5GoodsEndpoints = {
  Home: customerEndpoint({
    method: 'POST',
    path: '/h5/Shop/GetHome',
    summary: '店铺首页：店铺名称、Logo、一级商品分类',
    body: empty,
    data: s.h5ShopHome,
    actor: 'visitor',
    shop: true,
  }),
  Types: customerEndpoint({
    method: 'POST',
    path: '/h5/Goods/GetTypes',
    summary: '商品分类树（仅启用）',
    body: empty,
    data: z.array(s.h5GoodsType),
    actor: 'visitor',
    shop: true,
  }),
  List: customerEndpoint({
    method: 'POST',
    path: '/h5/Goods/GetList',
    summary: '商品列表：按分类、关键字（仅在售及已到开售时间）',
    body: s.h5GoodsListBody,
    data: listOf(s.h5GoodsRow),
    actor: 'visitor',
    shop: true,
  }),
  Detail: customerEndpoint({
    method: 'POST',
    path: '/h5/Goods/GetDetail',
    summary: '商品详情：图片、卖点、详情、规格与SKU、限购、配送方式、开售时间（仅在售及已到开售时间）',
    body: s.h5GoodsIdBody,
    data: s.h5GoodsDetail,
    actor: 'visitor',
    shop: true,
  }),
};
