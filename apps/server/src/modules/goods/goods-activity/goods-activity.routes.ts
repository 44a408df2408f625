import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as svc from './goods-activity.service';
import { getConfig, setConfig } from './return-score.service';

/** All but OrderList, which the orders module answers (app.ts): orders hold the activity's lines. */
export const goodsActivityHandlers: Omit<Handlers<typeof contract.goodsActivity>, 'OrderList'> = {
  list: (ctx, b) => svc.list(ctx, b),
  detail: (ctx, b) => svc.detail(ctx, b.id),
  save: async (ctx, b) => withMsg(await svc.save(ctx, b), b.id && b.status === 0 ? '停用成功' : '保存成功'),
  del: async (ctx, b) => withMsg(await svc.remove(ctx, b.ids), '删除成功!'),
  goodlist: (ctx, b) => svc.goodsList(ctx, b),
  actGoodsSkuList: (ctx, b) => svc.goodsSkus(ctx, b.id, b.goodsId),
  ActList: (ctx, b) => svc.ofGoods(ctx, b.goodsId, b.type),
  GetReturnScoreConfig: (ctx) => getConfig(ctx),
  SetReturnScoreConfig: async (ctx, b) => withMsg(await setConfig(ctx, b), '保存成功'),
};
