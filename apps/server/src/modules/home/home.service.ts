import { fenToYuan } from '@shop/contract';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError } from '@/core/errors';
import { fmtDay, fmtTime, startOfToday } from '@/core/time';
import { activeStaffCount, membershipOf, roleCount as roleCountOf } from '@/modules/team';
import { loginsByDay, productById, renterById, saveUserProfile, userById, userNames, versionOf } from '@/modules/login';
import { formFigures } from '@/modules/forms';
import { formOrderFigures } from '@/modules/orders';
import { noticeReads } from '@/core/notify';
import { recentOperations } from '@/core/oper-log';
import { tenantOf } from '@/core/tenant';

/**
 * QR paths of the mini-program, official account and web shop. The mini-program and the official account stay empty
 * until the enterprise authorises that platform (social module), and the console then says so; the web shop is the
 * H5 shop of the caller's shop (apps/shop) at PUBLIC_URL, where phones reach this server.
 */
export async function previewInfo(ctx: Ctx, _url: string) {
  const { shopId } = renterOf(ctx);
  return { xcxpath: '', gzhpath: '', webpath: `${ctx.services.config.publicUrl}/h5/shop/${shopId}` };
}

export async function userHead(ctx: Ctx) {
  const { userId } = renterOf(ctx);
  const u = await userById(ctx.db, userId);
  const hour = Number(fmtTime(new Date()).slice(11, 13));
  const greeting = hour < 6 ? '夜深了' : hour < 12 ? '上午好' : hour < 18 ? '下午好' : '晚上好';
  return { headimg: u?.headimg ?? '', txt: `${greeting}，${u?.name || u?.phone || ''}` };
}

export async function getProfile(ctx: Ctx) {
  const { userId, renterId } = renterOf(ctx);
  const u = await userById(ctx.db, userId);
  const m = await membershipOf(ctx.db, userId, renterId);
  if (!u || !m) throw new BizError('用户不存在');
  return {
    id: u.id,
    name: u.name,
    phone: u.phone,
    headimg: u.headimg,
    roleName: m.roleName,
    renterName: m.renter.name,
    createTime: fmtTime(u.createdAt),
    lastLoginTime: fmtTime(u.lastLoginAt),
  };
}

export async function saveProfile(ctx: Ctx, input: { name: string; headimg: string }) {
  const { userId } = renterOf(ctx);
  await inTx(ctx, async (tx) => {
    const before = await userById(tx.db, userId);
    await saveUserProfile(tx.db, userId, { name: input.name, headimg: input.headimg });
    await audit(tx, {
      module: 'profile',
      action: '修改个人设置',
      recordId: userId,
      before: { name: before?.name, headimg: before?.headimg },
      after: input,
    });
  });
}

/** Real figures of what exists so far: staff, roles, logins, notices, service period. */
export async function dashboard(ctx: Ctx) {
  const { renterId, userId } = renterOf(ctx);
  const r = await renterById(ctx.db, renterId);
  if (!r) throw new BizError('企业不存在');
  const version = versionOf(r, await productById(ctx.db, r.productId));
  const since = new Date(startOfToday().getTime() - 6 * 86_400_000);
  const tz = ctx.services.config.timeZone;
  const today = startOfToday();
  const [staffCount, roleCount, byDay, unread, ops, forms, orders] = await Promise.all([
    activeStaffCount(tenantOf(ctx)),
    roleCountOf(tenantOf(ctx)),
    loginsByDay(tenantOf(ctx), since, tz),
    noticeReads.unreadCount(tenantOf(ctx), userId),
    recentOperations(tenantOf(ctx), 8),
    formFigures(tenantOf(ctx), today),
    formOrderFigures(tenantOf(ctx), today),
  ]);
  // Who did each operation: the user's name, else phone (a job's or a member's id names no user: empty).
  const who = await userNames(
    ctx.db,
    ops.map((o) => o.userId),
  );
  const counts = new Map(byDay.map((d) => [d.day, d.count]));
  const loginTrend = Array.from({ length: 7 }, (_, i) => {
    const day = fmtDay(new Date(since.getTime() + i * 86_400_000 + 12 * 3_600_000));
    return { day, count: counts.get(day) ?? 0 };
  });
  return {
    shopname: r.name,
    staffCount,
    roleCount,
    loginsToday: loginTrend[6].count,
    unreadNotices: unread,
    activeForms: forms.activeForms,
    submissionsToday: forms.submissionsSince,
    ordersToVerify: orders.ordersToVerify,
    paidToday: fenToYuan(orders.paidSinceFen),
    timeend: version.timeend,
    serviceendtime: version.serviceendtime,
    loginTrend,
    recentOperations: ops.map((o) => {
      const u = who.get(o.userId);
      return { time: fmtTime(o.createdAt), who: u?.name || u?.phone || '', action: o.action };
    }),
  };
}
