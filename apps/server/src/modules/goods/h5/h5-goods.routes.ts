import type { contract } from '@shop/contract';
import { customerShopOf } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import type { Handlers } from '@/core/register';
import { publicShop } from '@/modules/shop';
import { enabledTypes, listedGoods, listedGoodsDetail } from './h5-goods.service';

/** The catalogue on the customer side (contract goods/h5-goods.endpoints.ts): the shop named by its `shop-id` header. */
export const h5GoodsHandlers: Handlers<typeof contract.h5Goods> = {
  Home: async (ctx) => {
    const { shopId, renterId } = customerShopOf(ctx);
    const shop = await publicShop(ctx.db, shopId);
    if (!shop) throw new BizError('店铺不存在', CODE.notFound);
    const types = await enabledTypes(ctx, renterId);
    return { shopId, name: shop.name, logo: shop.logo, categories: types.map(({ id, name, icon }) => ({ id, name, icon })) };
  },
  Types: (ctx) => enabledTypes(ctx, customerShopOf(ctx).renterId),
  List: (ctx, b) => listedGoods(ctx, customerShopOf(ctx).renterId, b),
  Detail: (ctx, b) => listedGoodsDetail(ctx, customerShopOf(ctx).renterId, b.id),
};
