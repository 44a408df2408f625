import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as role from './role.service';
import * as staff from './staff.service';

export const teamHandlers: Handlers<typeof contract.team> = {
  GetRoleList: (ctx, b) => role.list(ctx, b),
  GetRole: (ctx, b) => role.detail(ctx, b.id),
  SaveRole: async (ctx, b) => withMsg(await role.save(ctx, b), '保存成功'),
  DelRole: async (ctx, b) => withMsg(await role.remove(ctx, b.id), '删除成功!'),
  GetRoleMenu: async () => role.roleMenu(),
  GetStaffList: (ctx, b) => staff.list(ctx, b),
  GetStaff: (ctx, b) => staff.detail(ctx, b.id),
  GetStaffOptions: (ctx) => staff.options(ctx),
  RenterSave: async (ctx, b) => withMsg(await staff.add(ctx, b), '添加成功，已发送邀请短信'),
  UpdateStaff: async (ctx, b) => withMsg(await staff.update(ctx, b), '保存成功'),
  SetStaffStatus: async (ctx, b) => withMsg(await staff.setStatus(ctx, b.ids, b.status), b.status === 1 ? '启用成功' : '停用成功'),
  DelStaff: async (ctx, b) => withMsg(await staff.remove(ctx, b.ids), '删除成功!'),
};
