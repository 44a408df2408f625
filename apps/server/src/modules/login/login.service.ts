import { type LoginData, STRONG_PWD_RE, PWD_WEAK_MSG, allMenuKeys } from '@shop/contract';
import { audit } from '../../core/audit';
import { hashToken, newToken } from '../../core/auth';
import { afterCommit, type Ctx, inTx, renterOf, userOf } from '../../core/context';
import { BizError, CODE } from '../../core/errors';
import { fmtTime } from '../../core/time';
import { notify } from '../home';
import {
  catalogueRepo,
  type Membership,
  membershipRepo,
  renterRepo,
  sessionRepo,
  type UserRow,
  userRepo,
  loginLogRepo,
} from './login.repository';
import { hashPassword, verifyPassword } from './password';
import { verifyCode } from './sms-code.service';
import { isExpired, versionOf } from './version';
import { areaPathNames } from './catalogue.service';

const WRONG_PWD = '手机号或密码错误';

/** Opens a session for the user in an enterprise (or none yet) and answers the login response. */
export async function issueLogin(ctx: Ctx, user: UserRow, renterId: string | null): Promise<LoginData> {
  const memberships = await membershipRepo.ofUser(ctx.db, user.id);
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

/** Phone + password login; repeated wrong passwords lock the account for a while. */
export async function loginByPassword(ctx: Ctx, phone: string, pwd: string, way = 'pwd'): Promise<LoginData> {
  const { loginMaxFailures, loginLockMinutes } = ctx.services.config;
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
  if (!user) {
    await log(false, '账号不存在');
    throw new BizError(WRONG_PWD);
  }
  if (user.lockedUntil && user.lockedUntil > new Date()) {
    const minutes = Math.ceil((user.lockedUntil.getTime() - Date.now()) / 60_000);
    await log(false, '账号已锁定');
    throw new BizError(`密码错误次数过多，账号已锁定，请${minutes}分钟后再试或通过短信找回密码`);
  }
  if (!(await verifyPassword(user.passwordHash, pwd))) {
    const failures = await userRepo.addFailure(ctx.db, user.id);
    await log(false, '密码错误');
    if (failures >= loginMaxFailures) {
      await userRepo.update(ctx.db, user.id, { lockedUntil: new Date(Date.now() + loginLockMinutes * 60_000), failedLogins: 0 });
      throw new BizError(`密码错误次数过多，账号已锁定，请${loginLockMinutes}分钟后再试或通过短信找回密码`);
    }
    throw new BizError(`${WRONG_PWD}，还可尝试${loginMaxFailures - failures}次`);
  }
  await userRepo.update(ctx.db, user.id, { failedLogins: 0, lockedUntil: null, lastLoginAt: new Date() });
  const data = await issueLogin(ctx, user, null);
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

/** Phone + SMS code login (type 2). */
export async function loginBySms(ctx: Ctx, phone: string, code: string): Promise<LoginData> {
  const user = await userRepo.byPhone(ctx.db, phone);
  if (!user) throw new BizError('该手机号尚未注册');
  await verifyCode(ctx, phone, 2, code, true);
  await userRepo.update(ctx.db, user.id, { failedLogins: 0, lockedUntil: null, lastLoginAt: new Date() });
  const data = await issueLogin(ctx, user, null);
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

/** Registers a user with a verified phone and logs them in (no enterprise yet). */
export async function registerUser(ctx: Ctx, phone: string, code: string, pwd: string): Promise<LoginData> {
  if (await userRepo.byPhone(ctx.db, phone)) throw new BizError('该手机号已注册，请直接登录');
  await verifyCode(ctx, phone, 1, code, true);
  const passwordHash = await hashPassword(pwd);
  const user = await inTx(ctx, async (tx) => {
    if (await userRepo.byPhone(tx.db, phone)) throw new BizError('该手机号已注册，请直接登录');
    return userRepo.insert(tx.db, { phone, passwordHash, name: `用户${phone.slice(-4)}`, lastLoginAt: new Date() });
  });
  return issueLogin(ctx, user, null);
}

/** Resets a forgotten password with an SMS code (type 3); all sessions end. */
export async function resetPassword(ctx: Ctx, phone: string, code: string, pwd: string): Promise<void> {
  const user = await userRepo.byPhone(ctx.db, phone);
  if (!user) throw new BizError('该手机号尚未注册');
  await verifyCode(ctx, phone, 3, code, true);
  const passwordHash = await hashPassword(pwd);
  await inTx(ctx, async (tx) => {
    await userRepo.update(tx.db, user.id, { passwordHash, failedLogins: 0, lockedUntil: null });
    await sessionRepo.revokeAllOf(tx.db, user.id);
    afterCommit(tx, () => ctx.services.hub.endSessions({ userId: user.id }, '密码已重置，请使用新密码重新登录'));
  });
}

/** Changes the password of the logged-in user (spec 000 §5); other sessions end. */
export async function changePassword(ctx: Ctx, oldpwd: string, newpwd: string): Promise<void> {
  const s = userOf(ctx);
  if (!STRONG_PWD_RE.test(newpwd)) throw new BizError(PWD_WEAK_MSG, CODE.validation);
  const user = await userRepo.byId(ctx.db, s.userId);
  if (!user || !(await verifyPassword(user.passwordHash, oldpwd))) throw new BizError('原始密码错误');
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
    const c = await renterRepo.create(tx.db, {
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
  return issueLogin(ctx, user, created.renter.id);
}

/** The enterprises of the caller. */
export async function myEnterprises(ctx: Ctx) {
  const s = userOf(ctx);
  const list = await membershipRepo.ofUser(ctx.db, s.userId);
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
export async function switchEnterprise(ctx: Ctx, renterId: string): Promise<LoginData> {
  const s = userOf(ctx);
  const m = await membershipRepo.one(ctx.db, s.userId, renterId);
  if (m?.status !== 1) throw new BizError('企业不存在或您已被停用');
  const user = await userRepo.byId(ctx.db, s.userId);
  if (!user) throw new BizError('用户不存在');
  const data = await issueLogin(ctx, user, renterId);
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
