import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as svc from './tags.service';

export const tagsHandlers: Handlers<typeof contract.tags> = {
  GetTagList: (ctx, b) => svc.pickList(ctx, b.keyword ?? ''),
  list: (ctx, b) => svc.list(ctx, b),
  detail: (ctx, b) => svc.detail(ctx, b.id),
  save: async (ctx, b) => withMsg(await svc.save(ctx, b), '保存成功'),
  delete: async (ctx, b) => withMsg(await svc.remove(ctx, b.ids), '删除成功'),
  getScoreUIDS: (ctx, b) => svc.score(ctx, b),
  refresh: async (ctx, b) => withMsg(await svc.refresh(ctx, b.id), '已开始刷新'),
};
