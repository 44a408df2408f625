import { createHash, randomInt } from 'node:crypto';
import { type Ctx, inTx } from '../../core/context';
import { BizError } from '../../core/errors';
import { startOfToday } from '../../core/time';
import { smsRepo, userRepo } from './login.repository';

export const SMS_COOLDOWN_SECONDS = 60;
const CODE_TTL_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;
const PURPOSE: Record<number, string> = { 1: '注册', 2: '登录', 3: '找回密码', 4: '更换手机号', 5: '企业转让', 6: '企业转让' };
/** Code types of the account module: 4 a new login phone (/userbind), 5 and 6 the owner's and the receiver's enterprise-transfer codes. */
export const SMS_TYPE_NEW_PHONE = 4;
export const SMS_TYPE_TRANS_OWNER = 5;
export const SMS_TYPE_TRANS_RECEIVER = 6;

function hashCode(phone: string, code: string) {
  return createHash('sha256').update(`${phone}:${code}`).digest('hex');
}

/** Sends a 6-digit code, with a 60 s cooldown per phone and a daily cap, both enforced here. */
export async function sendCode(ctx: Ctx, phone: string, type: number): Promise<{ cooldown: number }> {
  const user = await userRepo.byPhone(ctx.db, phone);
  if (type === 1 && user) throw new BizError('该手机号已注册，请直接登录');
  if (type === SMS_TYPE_NEW_PHONE && user) throw new BizError('该手机号已注册');
  if (type !== 1 && type !== SMS_TYPE_NEW_PHONE && !user) throw new BizError('该手机号尚未注册');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await inTx(ctx, async (tx) => {
    await smsRepo.lockPhone(tx.db, phone);
    const last = await smsRepo.last(tx.db, phone);
    const since = last ? (Date.now() - last.createdAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
    if (since < SMS_COOLDOWN_SECONDS) {
      throw new BizError(`验证码发送太频繁，请${Math.ceil(SMS_COOLDOWN_SECONDS - since)}秒后再试`);
    }
    const today = await smsRepo.countSince(tx.db, phone, startOfToday());
    if (today >= ctx.services.config.smsDailyCap) throw new BizError('今日验证码发送次数已达上限，请明天再试');
    await smsRepo.insert(tx.db, {
      phone,
      type,
      codeHash: hashCode(phone, code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
      ip: ctx.ip,
    });
  });
  await ctx.services.sms.sendCode(phone, code, PURPOSE[type] ?? '验证');
  return { cooldown: SMS_COOLDOWN_SECONDS };
}

/** Checks a code; with consume, it can be used only once. */
export async function verifyCode(ctx: Ctx, phone: string, type: number, code: string, consume: boolean): Promise<void> {
  const live = await smsRepo.liveCode(ctx.db, phone, type);
  if (!live) throw new BizError('验证码已失效，请重新获取');
  if (live.attempts >= MAX_ATTEMPTS) throw new BizError('验证码错误次数过多，请重新获取');
  if (live.codeHash !== hashCode(phone, code)) {
    await smsRepo.addAttempt(ctx.db, live.id);
    throw new BizError('验证码错误');
  }
  if (consume && !(await smsRepo.consume(ctx.db, live.id))) throw new BizError('验证码已失效，请重新获取');
}
