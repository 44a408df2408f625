import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError } from '@/core/errors';
import { fmtTime } from '@/core/time';
import { notify } from '@/core/notify';
import { sendCode, setUserPhone, SMS_TYPE_NEW_PHONE, userById, userByPhone, verifyCode } from '@/modules/login';
import { bindRepo } from './user-bind.repository';
import { maskPhone } from '@/core/mask';
import { type ScannedUser, wechatPlatform } from './wechat-platform';

const WECHAT = 'wechat';
const SCAN_SESSION = { sessionId: '', shopId: null, staffId: null, roleId: null, isOwner: false } as const;

/** 账号绑定: the caller's phone (masked) and their WeChat binding. */
export async function bindInfo(ctx: Ctx) {
  const { userId } = renterOf(ctx);
  const [user, wechat] = await Promise.all([userById(ctx.db, userId), bindRepo.ofUser(ctx.db, userId, WECHAT)]);
  if (!user) throw new BizError('用户不存在');
  return {
    phone: maskPhone(user.phone),
    wechat: wechat ? { nickname: wechat.nickname, avatar: wechat.avatar, bindTime: fmtTime(wechat.createdAt) } : null,
  };
}

async function unregisteredNewPhone(ctx: Ctx, phone: string) {
  const { userId } = renterOf(ctx);
  const user = await userById(ctx.db, userId);
  if (!user) throw new BizError('用户不存在');
  if (user.phone === phone) throw new BizError('新手机号不能与当前手机号相同');
  if (await userByPhone(ctx.db, phone)) throw new BizError('该手机号已注册');
  return user;
}

/** getSmsCode: a code to the new phone, which must not belong to anyone yet. */
export async function sendNewPhoneCode(ctx: Ctx, phone: string) {
  await unregisteredNewPhone(ctx, phone);
  return sendCode(ctx, phone, SMS_TYPE_NEW_PHONE);
}

/** UpdatePhone: the caller logs in with the new phone from now on. */
export async function updatePhone(ctx: Ctx, phone: string, code: string): Promise<void> {
  const user = await unregisteredNewPhone(ctx, phone);
  const { renterId } = renterOf(ctx);
  await verifyCode(ctx, phone, SMS_TYPE_NEW_PHONE, code, false);
  await inTx(ctx, async (tx) => {
    // The unique index on users.phone refuses a phone registered meanwhile.
    if (await userByPhone(tx.db, phone)) throw new BizError('该手机号已注册');
    await verifyCode(tx, phone, SMS_TYPE_NEW_PHONE, code, true);
    await setUserPhone(tx.db, user.id, phone);
    await audit(tx, {
      module: 'account',
      action: '更换手机号',
      recordId: user.id,
      before: { phone: maskPhone(user.phone) },
      after: { phone: maskPhone(phone) },
    });
    await notify(tx, renterId, {
      userId: user.id,
      title: '安全提醒',
      content: `您的登录手机号已于 ${fmtTime(new Date())} 更换为 ${maskPhone(phone)}，请使用新手机号登录。`,
    });
  });
}

/** GetOfficial: a QR code to scan with WeChat; scanning it binds that WeChat to the caller. */
export async function bindQr(ctx: Ctx) {
  const { userId } = renterOf(ctx);
  if (await bindRepo.ofUser(ctx.db, userId, WECHAT)) throw new BizError('当前账号已绑定微信，请先解绑');
  return wechatPlatform(ctx.services.config).createBindQr(userId, renterOf(ctx).renterId);
}

/**
 * What the platform reports after a scan of a binding QR code (the development platform's scan page calls it; a real
 * platform's callback would): the WeChat user behind the ticket's account. No session: the ticket says who.
 */
export async function bindScanned(ctx: Ctx, ticket: string, who: ScannedUser): Promise<{ phone: string }> {
  const scene = wechatPlatform(ctx.services.config).sceneOf(ticket);
  if (!scene) throw new BizError('二维码已过期，请在后台刷新后重新扫码');
  const { userId, renterId } = scene;
  const user = await userById(ctx.db, userId);
  if (!user) throw new BizError('用户不存在');
  return inTx(ctx, async (tx) => {
    if (await bindRepo.ofUser(tx.db, userId, WECHAT)) throw new BizError('该账号已绑定微信');
    const other = await bindRepo.byOpenid(tx.db, WECHAT, who.openid);
    if (other) throw new BizError('该微信已绑定其他账号');
    const ok = await bindRepo.insert(tx.db, { userId, kind: WECHAT, openid: who.openid, nickname: who.nickname, avatar: who.avatar });
    if (!ok) throw new BizError('该微信已绑定其他账号');
    // Logged in the enterprise the QR code was asked for in, as the account's owner did it.
    const as: Ctx = { ...tx, session: { ...SCAN_SESSION, userId, renterId, grants: new Set() } };
    await audit(as, { module: 'account', action: '绑定微信', recordId: user.id, after: { nickname: who.nickname } }, renterId);
    return { phone: maskPhone(user.phone) };
  });
}

/** UnBindOfficial: the caller's WeChat no longer logs in to this account. */
export async function unbindWechat(ctx: Ctx): Promise<void> {
  const { userId } = renterOf(ctx);
  await inTx(ctx, async (tx) => {
    const gone = await bindRepo.remove(tx.db, userId, WECHAT);
    if (!gone) throw new BizError('当前账号未绑定微信');
    await audit(tx, { module: 'account', action: '解绑微信', recordId: userId, before: { nickname: gone.nickname } });
  });
}
