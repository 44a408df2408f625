import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as svc from './groups.service';

export const memberGroupsHandlers: Handlers<typeof contract.memberGroups> = {
  GetGropList: (ctx, b) => svc.list(ctx, b),
  SaveGroup: async (ctx, b) => withMsg(await svc.save(ctx, b), '保存成功'),
  GetGroupInfo: (ctx, b) => svc.detail(ctx, b.id),
  DelGroups: async (ctx, b) => withMsg(await svc.remove(ctx, b.ids), '删除成功'),
  RefreshGroupCount: async (ctx, b) => withMsg(await svc.refreshCount(ctx, b.id), '人数已刷新'),
  GroupMembers: (ctx, b) => svc.groupMembers(ctx, b),
  CountRule: (ctx, b) => svc.countRule(ctx, b),
  RuleOptions: (ctx) => svc.ruleOptions(ctx),
};
