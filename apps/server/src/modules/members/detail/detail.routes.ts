import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as read from './detail.service';
import * as oper from './oper.service';

/** The member-detail calls that show order figures, answered by the orders module (`memberOrderFigureHandlers`). */
type OrderFigureCalls = 'GetUserOrderStic' | 'UpdateUserOrderPayCount';

export const memberDetailHandlers: Omit<Handlers<typeof contract.memberDetail>, OrderFigureCalls> = {
  GetUserDetail: (ctx, b) => read.userDetail(ctx, b.id),
  GetUserVip: (ctx, b) => read.userVip(ctx, b.id),
  GetMebGropName: (ctx, b) => read.groupNames(ctx, b.id),
  GetInterEvent: (ctx, b) => read.events(ctx, b),
  MemberOper: async (ctx, b) => withMsg(null, await oper.memberOper(ctx, b)),
  UserEditState: async (ctx, b) => withMsg(null, await oper.setState(ctx, b.id, b.status)),
  UserEditPwd: async (ctx, b) => withMsg(await oper.resetPassword(ctx, b.id, b.pwd), '密码重置成功'),
  GetUserInfo: (ctx, b) => read.userCard(ctx, b.id),
};
