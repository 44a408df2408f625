import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as svc from './goods-spec.service';

export const goodsSpecHandlers: Handlers<typeof contract.goodsSpec> = {
  list: (ctx, b) => svc.list(ctx, b),
  all: (ctx) => svc.all(ctx),
  detail: (ctx, b) => svc.detail(ctx, b.id),
  save: async (ctx, b) => withMsg(await svc.save(ctx, b), '保存成功'),
  delete: async (ctx, b) => withMsg(await svc.remove(ctx, b.ids), '删除成功!'),
};
