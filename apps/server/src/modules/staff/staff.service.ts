import { type Ctx, renterOf } from '@/core/context';
import { BizError } from '@/core/errors';
import { boughtApps } from '@/modules/billing';
import { productById, userById, versionOf } from '@/modules/login';
import { membershipOf } from '@/modules/team';
import { buildMenu } from './menu';
import { tenantFor } from '@/core/tenant';

/** The role's menu; entries of apps the enterprise has not bought (or whose year ended) carry purchase 2. */
async function menuOf(ctx: Ctx) {
  const s = ctx.session;
  const apps = s?.renterId ? await boughtApps(tenantFor(ctx, s.renterId)) : new Set<string>();
  return buildMenu({ isOwner: s?.isOwner ?? false, grants: s?.grants ?? new Set(), apps });
}

/** The current user, their menu and the enterprise's version info (spec 000 §6). */
export async function userInfo(ctx: Ctx) {
  const { userId, renterId } = renterOf(ctx);
  const [u, m] = await Promise.all([userById(ctx.db, userId), membershipOf(ctx.db, userId, renterId)]);
  if (!u || !m) throw new BizError('用户不存在');
  return {
    user: { id: u.id, name: u.name, phone: u.phone, headimg: u.headimg },
    roleName: m.roleName,
    isOwner: m.isOwner,
    grants: [...(ctx.session?.grants ?? [])],
    expired: ctx.session?.expired ?? false,
    menu: await menuOf(ctx),
    version: versionOf(m.renter, await productById(ctx.db, m.renter.productId)),
  };
}

export async function jobMenu(ctx: Ctx) {
  renterOf(ctx);
  return menuOf(ctx);
}
