import { type Ctx, userOf } from '@/core/context';
import { userNames } from '@/modules/login';
import type { MoveBy } from '@/modules/orders/core/moves';

/** The staff member acting, as an order's timeline names them (name, else phone). */
export async function staffBy(ctx: Ctx): Promise<MoveBy> {
  const { userId } = userOf(ctx);
  const u = (await userNames(ctx.db, [userId])).get(userId);
  return { kind: 'staff', id: userId, name: u?.name || u?.phone || '' };
}
