import { createHash, randomInt } from 'node:crypto';
import { type Ctx, inTx } from '@/core/context';
import { BizError } from '@/core/errors';
import { startOfToday } from '@/core/time';
import { counterRepo, smsRepo, userRepo } from './login.repository';

export const SMS_COOLDOWN_SECONDS = 60;
const CODE_TTL_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;
const PURPOSE: Record<number, string> = {
  1: '注册',
  2: '登录',
  3: '找回密码',
  4: '更换手机号',
  5: '企业转让',
  6: '企业转让',
  11: '会员登录',
};
/** Code types of the account module: 4 a new login phone (/userbind), 5 and 6 the owner's and the receiver's enterprise-transfer codes. */
export const SMS_TYPE_NEW_PHONE = 4;
export const SMS_TYPE_TRANS_OWNER = 5;
export const SMS_TYPE_TRANS_RECEIVER = 6;
/**
 * A customer's login code on one renter's shop (members module): its own type and a scope `renter:<id>`, so neither a
 * console code nor another renter's code passes for it. Every phone gets it (the first login creates the member).
 */
export const SMS_TYPE_MEMBER_LOGIN = 11;
/** The scope of a member's code: good only on that renter's shop. */
export const memberCodeScope = (renterId: string) => `renter:${renterId}`;
export const CODE_WRONG = '验证码错误';
const CODE_GONE = '验证码已失效，请重新获取';
const CODE_TOO_MANY = '验证码错误次数过多，请重新获取';
/** What a registered phone receives instead of a registration code (the answer is the same as for a new phone). */
export const ALREADY_REGISTERED_TEXT = '您的手机号已注册商家后台，无需重复注册，请直接登录；如忘记密码，可在登录页点击“忘记密码”重置。';

function hashCode(phone: string, code: string) {
  return createHash('sha256').update(`${phone}:${code}`).digest('hex');
}

/** Minutes, rounded up, for a refusal message; at least 1. */
export const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/**
 * Takes one attempt of the caller's address for a kind of request ('sms', 'login') in one statement; refuses with
 * `msg(minutes)` when the address has used up max in the window.
 */
export async function takeAddressAttempt(
  ctx: Ctx,
  kind: 'sms' | 'login',
  max: number,
  minutes: number,
  msg: (minutes: number) => string,
): Promise<string> {
  const key = `ip:${kind}:${ctx.ip}`;
  if ((await counterRepo.take(ctx.db, key, max, minutes * 60)) === null) {
    throw new BizError(msg(minutesOf(await counterRepo.secondsLeft(ctx.db, key, minutes * 60))));
  }
  return key;
}

/**
 * Sends a 6-digit code, with a 60 s cooldown per phone, a daily cap per phone and a limit per address, all enforced
 * here. Login and reset codes (2, 3) for a phone nobody registered, and registration codes (1) for a registered one,
 * are answered exactly like the others (the same cooldown and caps apply to them) but no code is sent: the registered
 * phone gets a text saying it is registered (module README "Same answers").
 */
export async function sendCode(ctx: Ctx, phone: string, type: number, scope = ''): Promise<{ cooldown: number }> {
  const { smsIpMax, smsIpMinutes, smsDailyCap } = ctx.services.config;
  await takeAddressAttempt(ctx, 'sms', smsIpMax, smsIpMinutes, (m) => `获取验证码过于频繁，请${m}分钟后再试`);
  // A member's code says nothing about the console's users (and the staff phone becomes no member by it).
  const user = type === SMS_TYPE_MEMBER_LOGIN ? undefined : await userRepo.byPhone(ctx.db, phone);
  // The account module's codes go to a logged-in user's known phones: their checks answer for themselves.
  if (type === SMS_TYPE_NEW_PHONE && user) throw new BizError('该手机号已注册');
  if ((type === SMS_TYPE_TRANS_OWNER || type === SMS_TYPE_TRANS_RECEIVER) && !user) throw new BizError('该手机号尚未注册');
  const deliver: 'code' | 'registered' | 'nothing' =
    type === 1 && user ? 'registered' : (type === 2 || type === 3) && !user ? 'nothing' : 'code';
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await inTx(ctx, async (tx) => {
    await smsRepo.lockPhone(tx.db, phone);
    const last = await smsRepo.last(tx.db, phone);
    const since = last ? (Date.now() - last.createdAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
    if (since < SMS_COOLDOWN_SECONDS) {
      throw new BizError(`验证码发送太频繁，请${Math.ceil(SMS_COOLDOWN_SECONDS - since)}秒后再试`);
    }
    const today = await smsRepo.countSince(tx.db, phone, startOfToday());
    if (today >= smsDailyCap) throw new BizError('今日验证码发送次数已达上限，请明天再试');
    // Stored even when nothing is sent, so the cooldown, the cap and the checks answer alike; nobody knows that code.
    await smsRepo.insert(tx.db, {
      phone,
      type,
      scope,
      codeHash: hashCode(phone, code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
      ip: ctx.ip,
    });
  });
  // Not awaited: the answer takes as long whether a message goes out or not (a gateway's failure is logged; the user
  // asks again after the cooldown).
  const sending =
    deliver === 'code'
      ? ctx.services.sms.sendCode(phone, code, PURPOSE[type] ?? '验证')
      : deliver === 'registered'
        ? ctx.services.sms.sendText(phone, ALREADY_REGISTERED_TEXT)
        : undefined;
  sending?.catch((err) => ctx.log.error({ err, type }, 'sending the SMS failed'));
  return { cooldown: SMS_COOLDOWN_SECONDS };
}

/**
 * Checks a code; with consume, it can be used only once. Each check first takes one of the code's 5 tries in one
 * conditional UPDATE, then compares: however many guesses arrive at once, at most 5 are compared. A right code gives
 * its try back (checking the code in one step and using it in the next costs nothing).
 */
export async function verifyCode(ctx: Ctx, phone: string, type: number, code: string, consume: boolean, scope = ''): Promise<void> {
  const live = await smsRepo.liveCode(ctx.db, phone, type, scope);
  if (!live) throw new BizError(CODE_GONE);
  if (!(await smsRepo.takeAttempt(ctx.db, live.id, MAX_ATTEMPTS))) {
    const still = await smsRepo.liveCode(ctx.db, phone, type, scope);
    throw new BizError(still?.id === live.id ? CODE_TOO_MANY : CODE_GONE);
  }
  if (live.codeHash !== hashCode(phone, code)) throw new BizError(CODE_WRONG);
  if (consume) {
    if (!(await smsRepo.consume(ctx.db, live.id))) throw new BizError(CODE_GONE);
  } else await smsRepo.giveBackAttempt(ctx.db, live.id);
}

/** Deletes attempt counters idle for a day (a timed job): a limit's window and a lock are far shorter. */
export function purgeAuthCounters(ctx: Ctx): Promise<number> {
  return counterRepo.purge(ctx.db, 86_400);
}
