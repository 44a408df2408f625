import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as svc from './goods-type.service';

export const goodsTypeHandlers: Handlers<typeof contract.goodsType> = {
  list: (ctx, b) => svc.listTree(ctx, b),
  getalllist: (ctx) => svc.pickList(ctx),
  GetTreeSelData: (ctx, b) => svc.treeSelect(ctx, b),
  detail: (ctx, b) => svc.detail(ctx, b.id),
  save: async (ctx, b) => withMsg(await svc.save(ctx, b), '保存成功'),
  delete: async (ctx, b) => withMsg(await svc.remove(ctx, b.ids), '删除成功!'),
  sort: async (ctx, b) => withMsg(await svc.sort(ctx, b.list), '排序成功'),
  upstate: async (ctx, b) => withMsg(await svc.setStatus(ctx, b.ids, b.status), b.status === 1 ? '启用成功' : '禁用成功'),
  getptype: (ctx, b) => svc.pathOf(ctx, b.id),
  GetGtypePageList: (ctx, b) => svc.page(ctx, b),
};
