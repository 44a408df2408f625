import { randomBytes } from 'node:crypto';
import { type LoginData, STRONG_PWD_RE, PWD_WEAK_MSG, allMenuKeys } from '@shop/contract';
import { audit } from '@/core/audit';
import { hashToken, newToken } from '@/core/auth';
import { afterCommit, type Ctx, inTx, renterOf, userOf } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { fmtTime } from '@/core/time';
import { notify } from '@/core/notify';
import type { Enterprises, Membership } from './enterprises';
import { catalogueRepo, counterRepo, renterRepo, sessionRepo, type UserRow, userRepo, loginLogRepo } from './login.repository';
import { hashPassword, verifyPassword } from './password';
import { CODE_WRONG, minutesOf, takeAddressAttempt, verifyCode } from './sms-code.service';
import { isExpired, versionOf } from './version';
import { areaPathNames } from './catalogue.service';

const WRONG_PWD = '手机号或密码错误';

/** Opens a session for the user in an enterprise (or none yet) and answers the login response. */
export async function issueLogin(ctx: Ctx, ent: Enterprises, user: UserRow, renterId: string | null): Promise<LoginData> {
  const memberships = await ent.ofUser(ctx.db, user.id);
  const active = memberships.filter((m) => m.status === 1);
  let chosen: Membership | undefined;
  if (renterId) chosen = active.find((m) => m.renter.id === renterId);
  else chosen = active.find((m) => m.renter.id === user.lastRenterId) ?? (active.length === 1 ? active[0] : undefined);
  const token = newToken();
  const days = ctx.services.config.tokenDays;
  await sessionRepo.insert(ctx.db, {
    tokenHash: hashToken(token),
    userId: user.id,
    renterId: chosen?.renter.id ?? null,
    shopId: chosen?.shopId ?? null,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    expiresAt: new Date(Date.now() + days * 86_400_000),
  });
  if (chosen) await userRepo.update(ctx.db, user.id, { lastRenterId: chosen.renter.id });
  return {
    token,
    expires_in: days * 86_400,
    uname: user.name || user.phone,
    self: { renterID: chosen?.renter.id ?? '', shopID: chosen?.shopId ?? '', partnerID: '', id: user.id },
    userCustomer: chosen
      ? { name: chosen.renter.name, productName: chosen.productName, productStr: chosen.productStr, productType: chosen.productType }
      : null,
    customerCount: active.length,
  };
}

/** The lock message: the minutes left, and the two ways in by SMS. */
export const lockedMsg = (minutes: number) =>
  `密码错误次数过多，账号已锁定，请${minutes}分钟后再试或通过短信找回密码，或使用短信验证码登录`;
const ipLoginMsg = (minutes: number) => `登录尝试过于频繁，请${minutes}分钟后再试`;

/** The password try slots of a phone: per account and address, and account-wide (module README "Lock"). */
const pwdKeys = (ctx: Ctx, phone: string) => ({ address: `pwd:${phone}:${ctx.ip}`, account: `pwd:${phone}` });

/** A hash of a password nobody has: an unknown phone's password is checked against it, so both take as long. */
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
};

/** Takes an attempt of the caller's address for a login (password or SMS); refused past LOGIN_IP_MAX in the window. */
export function takeLoginAttempt(ctx: Ctx): Promise<string> {
  const { loginIpMax, loginIpMinutes } = ctx.services.config;
  return takeAddressAttempt(ctx, 'login', loginIpMax, loginIpMinutes, ipLoginMsg);
}

/** Gives back an attempt taken by takeLoginAttempt (a successful login does not count). */
export function giveBackLoginAttempt(ctx: Ctx, key: string): Promise<void> {
  return counterRepo.giveBack(ctx.db, key);
}

/** Forgets the wrong password tries and the lock of these slots (an SMS login lifts them, as for console users). */
export function clearPasswordTries(ctx: Ctx, keys: { address: string; account: string }): Promise<void> {
  return counterRepo.clear(ctx.db, [keys.address, keys.account]);
}

/** The lock and the wrong tries of the phone are forgotten: for this address and account-wide, or everywhere. */
async function clearLock(ctx: Ctx, phone: string, everywhere: boolean) {
  const keys = pwdKeys(ctx, phone);
  if (everywhere) await counterRepo.clearPrefix(ctx.db, keys.account);
  else await counterRepo.clear(ctx.db, [keys.address, keys.account]);
}

/**
 * One password try of an account (console users here, members in the members module): one slot of the account from
 * this address and one account-wide are taken atomically before the (slow) argon2 check; the last wrong try of either
 * locks it for LOGIN_LOCK_MINUTES. No hash (an unknown account, a member without a password) is checked against a
 * dummy hash and fails alike. A right password forgets the wrong tries before it; a wrong one throws the message
 * (tries left, or the lock), after onRefused ('密码错误' or '账号已锁定') has recorded it.
 */
export async function checkPasswordTry(
  ctx: Ctx,
  keys: { address: string; account: string },
  passwordHash: string | null | undefined,
  pwd: string,
  onRefused: (reason: string) => Promise<unknown>,
): Promise<void> {
  const { loginMaxFailures, loginAccountMaxFailures, loginLockMinutes } = ctx.services.config;
  const lockSeconds = loginLockMinutes * 60;
  const locked = async (key: string) => {
    await onRefused('账号已锁定');
    const seconds = await counterRepo.secondsLeft(ctx.db, key, lockSeconds);
    throw new BizError(lockedMsg(minutesOf(seconds || lockSeconds)), CODE.biz, { locked: true });
  };
  const mine = await counterRepo.take(ctx.db, keys.address, loginMaxFailures, lockSeconds);
  if (mine === null) return locked(keys.address);
  const all = await counterRepo.take(ctx.db, keys.account, loginAccountMaxFailures, lockSeconds);
  if (all === null) {
    await counterRepo.giveBack(ctx.db, keys.address);
    return locked(keys.account);
  }
  const right = await verifyPassword(passwordHash ?? (await dummy()), pwd);
  if (!passwordHash || !right) {
    await onRefused('密码错误');
    const lockMine = mine >= loginMaxFailures;
    if (lockMine) await counterRepo.lock(ctx.db, keys.address, lockSeconds);
    if (all >= loginAccountMaxFailures) await counterRepo.lock(ctx.db, keys.account, lockSeconds);
    if (lockMine || all >= loginAccountMaxFailures) throw new BizError(lockedMsg(loginLockMinutes), CODE.biz, { locked: true });
    throw new BizError(`${WRONG_PWD}，还可尝试${loginMaxFailures - mine}次`);
  }
  await counterRepo.clear(ctx.db, [keys.address, keys.account]);
}

/**
 * Phone + password login. Before the (slow) password check, one try slot is taken atomically for the phone from this
 * address and one account-wide; the last wrong try of either locks it. A phone nobody registered goes the same way
 * (its own slots, a check against a dummy hash, the same answers), so the answers do not tell the two apart.
 */
export async function loginByPassword(ctx: Ctx, ent: Enterprises, phone: string, pwd: string, way = 'pwd'): Promise<LoginData> {
  const ipKey = await takeLoginAttempt(ctx);
  const user = await userRepo.byPhone(ctx.db, phone);
  const log = (ok: boolean, reason = '') =>
    loginLogRepo.insert(ctx.db, {
      userId: user?.id,
      renterId: user?.lastRenterId,
      phone,
      way,
      ok,
      reason,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
  await checkPasswordTry(ctx, pwdKeys(ctx, phone), user?.passwordHash, pwd, (reason) =>
    log(false, !user && reason === '密码错误' ? '账号不存在' : reason),
  );
  if (!user) throw new Error('unreachable: a password without an account never passes');
  await counterRepo.giveBack(ctx.db, ipKey);
  await userRepo.update(ctx.db, user.id, { lastLoginAt: new Date() });
  const data = await issueLogin(ctx, ent, user, null);
  await loginLogRepo.insert(ctx.db, {
    userId: user.id,
    renterId: data.self.renterID || null,
    phone,
    way,
    ok: true,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  return data;
}

/**
 * Phone + SMS code login (type 2); it lifts the password lock of this address and the account-wide one. A phone
 * nobody registered is answered like a wrong code (no code was ever sent to it).
 */
export async function loginBySms(ctx: Ctx, ent: Enterprises, phone: string, code: string): Promise<LoginData> {
  const ipKey = await takeLoginAttempt(ctx);
  await verifyCode(ctx, phone, 2, code, true);
  const user = await userRepo.byPhone(ctx.db, phone);
  if (!user) throw new BizError(CODE_WRONG);
  await clearLock(ctx, phone, false);
  await counterRepo.giveBack(ctx.db, ipKey);
  await userRepo.update(ctx.db, user.id, { lastLoginAt: new Date() });
  const data = await issueLogin(ctx, ent, user, null);
  await loginLogRepo.insert(ctx.db, {
    userId: user.id,
    renterId: data.self.renterID || null,
    phone,
    way: 'sms',
    ok: true,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  return data;
}

/**
 * Registers a user with a verified phone and logs them in (no enterprise yet). A registered phone was sent no code
 * (module README "Same answers"), so it is refused like a wrong code; only a phone registered between the code and
 * this call meets the explicit refusal.
 */
export async function registerUser(ctx: Ctx, ent: Enterprises, phone: string, code: string, pwd: string): Promise<LoginData> {
  await verifyCode(ctx, phone, 1, code, true);
  const passwordHash = await hashPassword(pwd);
  const user = await inTx(ctx, async (tx) => {
    if (await userRepo.byPhone(tx.db, phone)) throw new BizError('该手机号已注册，请直接登录');
    return userRepo.insert(tx.db, { phone, passwordHash, name: `用户${phone.slice(-4)}`, lastLoginAt: new Date() });
  });
  return issueLogin(ctx, ent, user, null);
}

/**
 * Resets a forgotten password with an SMS code (type 3): all sessions end and every password lock of the phone is
 * lifted. A phone nobody registered is answered like a wrong code.
 */
export async function resetPassword(ctx: Ctx, phone: string, code: string, pwd: string): Promise<void> {
  await verifyCode(ctx, phone, 3, code, true);
  const user = await userRepo.byPhone(ctx.db, phone);
  if (!user) throw new BizError(CODE_WRONG);
  const passwordHash = await hashPassword(pwd);
  await inTx(ctx, async (tx) => {
    await userRepo.update(tx.db, user.id, { passwordHash });
    await sessionRepo.revokeAllOf(tx.db, user.id);
    afterCommit(tx, () => ctx.services.hub.endSessions({ userId: user.id }, '密码已重置，请使用新密码重新登录'));
  });
  await clearLock(ctx, phone, true);
}

/** Changes the password of the logged-in user (spec 000 §5); other sessions end. */
export async function changePassword(ctx: Ctx, oldpwd: string, newpwd: string): Promise<void> {
  const s = userOf(ctx);
  if (!STRONG_PWD_RE.test(newpwd)) throw new BizError(PWD_WEAK_MSG, CODE.validation);
  const user = await userRepo.byId(ctx.db, s.userId);
  if (!user) throw new BizError('原始密码错误');
  // A session in the wrong hands must not guess the password either: the same try slots as the login, per user.
  const { loginMaxFailures, loginLockMinutes } = ctx.services.config;
  const key = `pwdchange:${user.id}`;
  const slot = await counterRepo.take(ctx.db, key, loginMaxFailures, loginLockMinutes * 60);
  if (slot === null) {
    const seconds = await counterRepo.secondsLeft(ctx.db, key, loginLockMinutes * 60);
    throw new BizError(`原始密码错误次数过多，请${minutesOf(seconds || loginLockMinutes * 60)}分钟后再试`);
  }
  if (!(await verifyPassword(user.passwordHash, oldpwd))) {
    if (slot >= loginMaxFailures) await counterRepo.lock(ctx.db, key, loginLockMinutes * 60);
    throw new BizError('原始密码错误');
  }
  await counterRepo.clear(ctx.db, [key]);
  if (oldpwd === newpwd) throw new BizError('新密码不能与原始密码相同');
  const passwordHash = await hashPassword(newpwd);
  await inTx(ctx, async (tx) => {
    await userRepo.update(tx.db, user.id, { passwordHash });
    await sessionRepo.revokeAllOf(tx.db, user.id, s.sessionId);
    afterCommit(tx, () =>
      ctx.services.hub.endSessions({ userId: user.id, exceptSessionId: s.sessionId }, '密码已修改，请使用新密码重新登录'),
    );
    if (s.renterId) {
      await audit(tx, { module: 'login', action: '修改密码', recordId: user.id });
      await notify(tx, s.renterId, {
        userId: user.id,
        title: '安全提醒',
        content: `您的登录密码已于 ${fmtTime(new Date())} 修改，其他设备上的登录已失效。`,
      });
    }
  });
}

/** Creates an enterprise owned by the caller with a 15-day trial, and switches to it. */
export async function createEnterprise(
  ctx: Ctx,
  ent: Enterprises,
  input: { name: string; industry: string; area: string[]; productStr?: string },
): Promise<LoginData> {
  const s = userOf(ctx);
  const user = await userRepo.byId(ctx.db, s.userId);
  if (!user) throw new BizError('用户不存在');
  const industry = await catalogueRepo.industry(ctx.db, input.industry);
  if (!industry) throw new BizError('请选择所属行业');
  if (!(await areaPathNames(ctx.db, input.area))) throw new BizError('请选择所在地区');
  const products = await catalogueRepo.products(ctx.db);
  const product = products.find((p) => p.productStr === input.productStr) ?? products[0];
  if (!product) throw new BizError('暂无可开通的产品');
  const trialEnd = new Date(Date.now() + ctx.services.config.trialDays * 86_400_000);
  const created = await inTx(ctx, async (tx) => {
    const c = await ent.open(tx.db, {
      name: input.name,
      industry: industry.id,
      area: input.area,
      productId: product.id,
      ownerUserId: user.id,
      ownerName: user.name,
      serviceEndAt: trialEnd,
      allKeys: allMenuKeys(),
    });
    await audit(
      tx,
      {
        module: 'login',
        action: '创建企业',
        recordId: c.renter.id,
        after: { name: input.name, industry: industry.name, area: input.area },
      },
      c.renter.id,
    );
    await notify(tx, c.renter.id, {
      title: '欢迎使用',
      content: `企业「${input.name}」已创建，免费试用 ${ctx.services.config.trialDays} 天。`,
    });
    return c;
  });
  await sessionRepo.revoke(ctx.db, s.sessionId);
  ctx.services.hub.endSessions({ sessionId: s.sessionId });
  return issueLogin(ctx, ent, user, created.renter.id);
}

/** The enterprises of the caller. */
export async function myEnterprises(ctx: Ctx, ent: Enterprises) {
  const s = userOf(ctx);
  const list = await ent.ofUser(ctx.db, s.userId);
  return list
    .filter((m) => m.status === 1)
    .map((m) => ({
      id: m.renter.id,
      name: m.renter.name,
      productName: m.productName,
      productType: m.productType,
      isOwner: m.isOwner,
      current: m.renter.id === s.renterId,
      expired: isExpired(m.renter),
      serviceendtime: m.renter.mdornf === 1 ? '永久' : fmtTime(m.renter.serviceEndAt),
    }));
}

/** Switches the session to another enterprise of the caller: a new token for it, the old one ends. */
export async function switchEnterprise(ctx: Ctx, ent: Enterprises, renterId: string): Promise<LoginData> {
  const s = userOf(ctx);
  const m = (await ent.ofUser(ctx.db, s.userId)).find((x) => x.renter.id === renterId);
  if (m?.status !== 1) throw new BizError('企业不存在或您已被停用');
  const user = await userRepo.byId(ctx.db, s.userId);
  if (!user) throw new BizError('用户不存在');
  const data = await issueLogin(ctx, ent, user, renterId);
  await sessionRepo.revoke(ctx.db, s.sessionId);
  ctx.services.hub.endSessions({ sessionId: s.sessionId });
  return data;
}

export async function logout(ctx: Ctx): Promise<void> {
  const { sessionId } = userOf(ctx);
  await sessionRepo.revoke(ctx.db, sessionId);
  ctx.services.hub.endSessions({ sessionId });
}

/** Version info of the current enterprise. */
export async function currentVersion(ctx: Ctx) {
  const { renterId } = renterOf(ctx);
  const r = await renterRepo.byId(ctx.db, renterId);
  if (!r) throw new BizError('企业不存在');
  return versionOf(r, await catalogueRepo.product(ctx.db, r.productId));
}

/** Settings items: type 3 logo URL, type 12 service phone. */
export async function setInfo(ctx: Ctx) {
  const r = await renterRepo.byId(ctx.db, renterOf(ctx).renterId);
  return [
    { type: 3, text: r?.logo ?? '' },
    { type: 12, text: r?.servicePhone ?? '' },
  ];
}
