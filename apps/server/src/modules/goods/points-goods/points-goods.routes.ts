import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as svc from './points-goods.service';

export const pointsGoodsHandlers: Handlers<typeof contract.pointsGoods> = {
  list: (ctx, b) => svc.list(ctx, b),
  detail: (ctx, b) => svc.detail(ctx, b.id),
  save: async (ctx, b) => withMsg(await svc.save(ctx, b), '保存成功'),
  delete: async (ctx, b) => withMsg(await svc.remove(ctx, b.ids), '删除成功!'),
  updateState: async (ctx, b) => withMsg(await svc.setStatus(ctx, b.ids, b.status), b.status === 1 ? '上架成功' : '下架成功'),
  editstock: async (ctx, b) => withMsg(await svc.editStock(ctx, b.id, b.stock), '库存修改成功'),
};
