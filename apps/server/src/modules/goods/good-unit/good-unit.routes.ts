import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as svc from './good-unit.service';

const MOVED = { up: '上移成功', down: '下移成功', top: '置顶成功' } as const;

export const goodUnitHandlers: Handlers<typeof contract.goodUnit> = {
  all: (ctx) => svc.allEnabled(ctx),
  list: (ctx, b) => svc.list(ctx, b),
  save: async (ctx, b) => withMsg(await svc.save(ctx, b), '保存成功'),
  updateState: async (ctx, b) => withMsg(await svc.setStatus(ctx, b.ids, b.status), b.status === 1 ? '启用成功' : '禁用成功'),
  unit: (ctx, b) => svc.detail(ctx, b.id),
  sort: async (ctx, b) => withMsg(await svc.sort(ctx, b.list), '排序成功'),
  movesort: async (ctx, b) => withMsg(await svc.move(ctx, b.id, b.direction), MOVED[b.direction]),
};
