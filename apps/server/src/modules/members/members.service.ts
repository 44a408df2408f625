import type { memberProfileBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, actorOf, customerShopOf, inTx, memberOf } from '@/core/context';
import { hashToken, newToken } from '@/core/auth';
import { BizError, fieldError } from '@/core/errors';
import { maskPhone } from '@/core/mask';
import { fmtTime, isAfterToday } from '@/core/time';
import {
  checkPasswordTry,
  clearPasswordTries,
  giveBackLoginAttempt,
  hashPassword,
  memberCodeScope,
  SMS_TYPE_MEMBER_LOGIN,
  sendCode,
  takeLoginAttempt,
  verifyCode,
} from '@/modules/login';
import { foundMember, type MemberRow, memberMissing, memberRepo, memberTokenRepo } from './members.repository';
import { issueVisitor } from './visitor';
import { applyOnceTask, checkProfile } from '@/modules/members/levels/tasks.service';
import { memberEvent } from './member-events';
import type { Tenant } from '@/core/tenant';
import { tenantOf } from '@/core/tenant';

type ProfileInput = z.output<typeof memberProfileBody>;

const profileOf = (m: MemberRow) => ({
  id: m.id,
  phone: m.phone ?? '',
  nickname: m.nickname,
  name: m.name,
  sex: m.sex,
  birthday: m.birthday ?? '',
  avatar: m.avatar,
  hasPwd: m.passwordHash !== null,
  createTime: fmtTime(m.createdAt),
});

/** A member's password slots: per renter, phone and address, and per renter and phone (login README "Lock"). */
const pwdKeys = (ctx: Ctx, renterId: string, phone: string) => ({
  address: `mpwd:${renterId}:${phone}:${ctx.ip}`,
  account: `mpwd:${renterId}:${phone}`,
});

/** A visitor id for the caller: the same id renewed when the call carried a valid one, else a new one. */
export function visitorIssue(ctx: Ctx) {
  const a = actorOf(ctx);
  const { token, expires_in } = issueVisitor(ctx.services.config, a.kind === 'visitor' && a.visitorId ? a.visitorId : undefined);
  return { visitor: token, expires_in };
}

/**
 * A login code for the shop's renter: the login module's rules (60 s cooldown and daily cap per phone, per-address
 * limit), its own type and a scope of the renter, so it opens nothing else. Every phone gets one: the first login
 * creates the member.
 */
export function sendMemberCode(ctx: Ctx, phone: string) {
  const { renterId } = customerShopOf(ctx);
  return sendCode(ctx, phone, SMS_TYPE_MEMBER_LOGIN, memberCodeScope(renterId));
}

async function issueToken(ctx: Ctx, m: MemberRow, created: boolean) {
  const token = newToken();
  const days = ctx.services.config.memberTokenDays;
  await memberTokenRepo.insert(ctx.db, {
    tokenHash: hashToken(token),
    renterId: m.renterId,
    memberId: m.id,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    expiresAt: new Date(Date.now() + days * 86_400_000),
  });
  return { token, expires_in: days * 86_400, created, member: profileOf(m) };
}

const DISABLED_MSG = '该会员已被停用，请联系商家';

/**
 * Phone + SMS code: the member of the phone in this renter, created by its first login (registration on the customer
 * side; one row however many first logins race). It lifts the member's password lock, as for console users.
 */
export async function loginBySms(ctx: Ctx, phone: string, code: string) {
  const { renterId, shopId } = customerShopOf(ctx);
  const ipKey = await takeLoginAttempt(ctx);
  await verifyCode(ctx, phone, SMS_TYPE_MEMBER_LOGIN, code, true, memberCodeScope(renterId));
  const { member, created } = await memberRepo.upsertByPhone(tenantOf(ctx), { phone, shopId, nickname: `用户${phone.slice(-4)}` });
  if (member.status !== 1) throw new BizError(DISABLED_MSG);
  if (created) await memberEvent(ctx, tenantOf(ctx), member.id, 'register', '注册成为会员', member.source === 1 ? '' : '由客户转为会员');
  await clearPasswordTries(ctx, pwdKeys(ctx, renterId, phone));
  await giveBackLoginAttempt(ctx, ipKey);
  // 注册 growth task: once, for the login that created the member.
  if (created) await applyOnceTask(ctx, member.id, 'register');
  const m = (await memberRepo.update(tenantOf(ctx), member.id, { lastLoginAt: new Date() })) ?? member;
  return issueToken(ctx, m, created);
}

/**
 * Phone + password, for a member who set one. Unknown phones and members without a password go the same way (their
 * own slots, the dummy hash, '手机号或密码错误'), so the answer does not tell whether the phone is a member.
 */
export async function loginByPassword(ctx: Ctx, phone: string, pwd: string) {
  const { renterId } = customerShopOf(ctx);
  const ipKey = await takeLoginAttempt(ctx);
  const member = await memberRepo.byPhone(tenantOf(ctx), phone);
  await checkPasswordTry(ctx, pwdKeys(ctx, renterId, phone), member?.passwordHash, pwd, async () => {});
  if (!member) throw new Error('unreachable: a password without a member never passes');
  if (member.status !== 1) throw new BizError(DISABLED_MSG);
  await giveBackLoginAttempt(ctx, ipKey);
  const m = (await memberRepo.update(tenantOf(ctx), member.id, { lastLoginAt: new Date() })) ?? member;
  return issueToken(ctx, m, false);
}

/** Sets (or changes) the member's password: the registration rule of the console (8-16 letters and digits). */
export async function setPassword(ctx: Ctx, pwd: string): Promise<void> {
  const { memberId } = memberOf(ctx);
  const passwordHash = await hashPassword(pwd);
  await inTx(ctx, async (tx) => {
    await memberRepo.update(tenantOf(tx), memberId, { passwordHash });
    await audit(tx, { module: 'member', action: '设置登录密码', recordId: memberId });
  });
}

/** Ends the token of this call. */
export async function logout(ctx: Ctx): Promise<void> {
  const { tokenId } = memberOf(ctx);
  await memberTokenRepo.revoke(tenantOf(ctx), tokenId);
}

async function me(ctx: Ctx): Promise<MemberRow> {
  return foundMember(tenantOf(ctx), memberOf(ctx).memberId);
}

export async function getProfile(ctx: Ctx) {
  return profileOf(await me(ctx));
}

/**
 * Nickname, avatar (the contract's imageUrl rule) and the registration fields (姓名, 性别, 生日); a field not sent is
 * kept. A required registration field cannot be emptied; the first time every field asked is filled, the 完善资料
 * growth task is given (once per member), in the same transaction.
 */
export async function updateProfile(ctx: Ctx, input: ProfileInput) {
  const { memberId } = memberOf(ctx);
  if (input.birthday && isAfterToday(input.birthday)) throw fieldError('birthday', '生日格式不正确');
  const v = {
    ...(input.nickname === undefined ? {} : { nickname: input.nickname }),
    ...(input.avatar === undefined ? {} : { avatar: input.avatar }),
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.sex === undefined ? {} : { sex: input.sex }),
    ...(input.birthday === undefined ? {} : { birthday: input.birthday || null }),
  };
  return inTx(ctx, async (tx) => {
    const before = await me(tx);
    const merged = {
      name: v.name ?? before.name,
      sex: v.sex ?? before.sex,
      birthday: 'birthday' in v ? (v.birthday ?? null) : before.birthday,
    };
    const complete = await checkProfile(tx, merged, v);
    let after = Object.keys(v).length ? await memberRepo.update(tenantOf(tx), memberId, v) : before;
    if (!after) throw memberMissing();
    await audit(tx, {
      module: 'member',
      action: '修改资料',
      recordId: memberId,
      before: { nickname: before.nickname, avatar: before.avatar, name: before.name, sex: before.sex, birthday: before.birthday },
      after: v,
    });
    if (complete && (await applyOnceTask(tx, memberId, 'profile'))) after = (await memberRepo.byId(tenantOf(tx), memberId)) ?? after;
    return profileOf(after);
  });
}

/** A customer as the console names them where staff see what a member did: nickname, else the masked phone. */
export interface MemberLabel {
  name: string;
  /** Masked (138****8000): the console's staff see customers' phones only where a member screen shows them. */
  phone: string;
}

/** The labels of some members of a renter, by id (ids of another renter or gone are absent). */
export async function memberLabels(tenant: Tenant, ids: string[]): Promise<Map<string, MemberLabel>> {
  const rows = await memberRepo.names(tenant, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, { name: `会员 ${r.nickname || maskPhone(r.phone ?? '')}`, phone: maskPhone(r.phone ?? '') }]));
}
