import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import { recountFigures, userOrderStats } from '@/modules/members';
import { customerOrderFigures, customerOrderMonths } from './lookup.service';

/**
 * The calls of 会员详情 that show a member's order figures: members keeps the member's figures and its rules, orders
 * counts the member's orders. Orders imports members (not the other way), so orders answers them and app routes put
 * them beside members' other detail calls.
 */
export const memberOrderFigureHandlers: Pick<Handlers<typeof contract.memberDetail>, 'GetUserOrderStic' | 'UpdateUserOrderPayCount'> = {
  GetUserOrderStic: (ctx, b) => userOrderStats(ctx, b.id, customerOrderMonths),
  UpdateUserOrderPayCount: async (ctx, b) => withMsg(await recountFigures(ctx, b.id, customerOrderFigures), '统计已更新'),
};
