import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as svc from './cards.service';

export const vipCardHandlers: Handlers<typeof contract.vipCards> = {
  list: (ctx, b) => svc.list(ctx, b),
  vipchklist: (ctx, b) => svc.pickList(ctx, b),
  detail: (ctx, b) => svc.detail(ctx, b.id),
  save: async (ctx, b) => withMsg(await svc.save(ctx, b), '保存成功'),
  delete: async (ctx, b) => withMsg(await svc.remove(ctx, b.id), '删除成功'),
  forbidd: async (ctx, b) => withMsg(await svc.setStatus(ctx, b.id, b.status), b.status === 1 ? '已启用' : '已停用'),
  userlist: (ctx, b) => svc.holders(ctx, b),
  grant: async (ctx, b) => withMsg(await svc.grant(ctx, b), '发放成功'),
  withdraw: async (ctx, b) => withMsg(await svc.withdraw(ctx, b.id), '已收回'),
};

export const h5CardsHandlers: Handlers<typeof contract.h5Cards> = {
  List: (ctx, b) => svc.h5List(ctx, b),
  Mine: (ctx, b) => svc.h5Mine(ctx, b),
  Claim: async (ctx, b) => withMsg(await svc.h5Claim(ctx, b.id), '领取成功'),
};
