import { recentOperations } from '@/core/oper-log';
import { randomBytes } from 'node:crypto';
import {
  STAFF_DISABLED_MSG,
  STAFF_RECENT,
  STAFF_REMOVED_MSG,
  type staffAddBody,
  type staffListBody,
  type staffUpdateBody,
} from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { afterCommit, type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE, fieldError } from '@/core/errors';
import { pageWindow } from '@/core/paging';
import { fmtTime } from '@/core/time';
import { inviteText, sendInviteSms } from './invite-sms';
import { endSessionsIn, hashPassword, recentLoginsIn, renterOfTenant, userById, userByPhone, userForInvite } from '@/modules/login';
import { shopById, shopsOf } from '@/modules/shop';
import { lockTeam, type MemberRow, roleRepo, staffRepo } from './team.repository';
import { tenantFor, tenantOf } from '@/core/tenant';

type ListInput = z.output<typeof staffListBody>;
type AddInput = z.output<typeof staffAddBody>;
type UpdateInput = z.output<typeof staffUpdateBody>;

const notFound = () => new BizError('员工不存在', CODE.notFound);

/** The enterprise's owner: the owner of the renter row, or whoever holds the owner role. */
const isOwnerMember = (m: { userId: string }, roleIsOwner: boolean | null, ownerUserId: string) =>
  m.userId === ownerUserId || roleIsOwner === true;

async function renterFound(ctx: Ctx, renterId: string) {
  const r = await renterOfTenant(tenantFor(ctx, renterId));
  if (!r) throw new BizError('企业不存在', CODE.notFound);
  return r;
}

function toRow(m: MemberRow, shopName: string | undefined, ownerUserId: string, selfUserId: string) {
  return {
    id: m.s.id,
    userId: m.s.userId,
    phone: m.phone,
    name: m.s.name,
    roleId: m.s.roleId,
    roleName: m.roleName ?? '',
    shopId: m.s.shopId,
    shopName: shopName ?? '',
    status: m.s.status,
    remark: m.s.remark,
    isOwner: isOwnerMember(m.s, m.roleIsOwner, ownerUserId),
    isSelf: m.s.userId === selfUserId,
    lastLoginTime: fmtTime(m.lastLoginAt),
    createTime: fmtTime(m.s.createdAt),
  };
}

/** The names of the enterprise's shops (the shop module's), by id. */
async function shopNames(ctx: Ctx): Promise<Map<string, string>> {
  return new Map((await shopsOf(tenantOf(ctx))).map((s) => [s.id, s.name]));
}

/** The name a user goes by in this enterprise: their staff name, else their account name. */
async function nameInEnterprise(ctx: Ctx, userId: string): Promise<string | undefined> {
  const [[s], user] = await Promise.all([staffRepo.ofUsers(tenantOf(ctx), [userId]), userById(ctx.db, userId)]);
  return user ? s?.name || user.name : undefined;
}

/** The /staffManagement list: keyword on name or phone, role and status filters, newest first. */
export async function list(ctx: Ctx, q: ListInput) {
  const { renterId, userId } = renterOf(ctx);
  const [renter, { rows, total }, shops] = await Promise.all([
    renterFound(ctx, renterId),
    staffRepo.page(tenantOf(ctx), { keyword: q.keyword, roleId: q.roleId, status: q.status, sorter: q.sorter, ...pageWindow(q) }),
    shopNames(ctx),
  ]);
  return { rows: rows.map((m) => toRow(m, shops.get(m.s.shopId), renter.ownerUserId, userId)), total_count: total };
}

/** One member with their latest operations and logins in this enterprise. */
export async function detail(ctx: Ctx, id: string) {
  const { renterId, userId } = renterOf(ctx);
  const [renter, m, shops] = await Promise.all([renterFound(ctx, renterId), staffRepo.member(tenantOf(ctx), id), shopNames(ctx)]);
  if (!m) throw notFound();
  const [operations, logins] = await Promise.all([
    recentOperations(tenantOf(ctx), STAFF_RECENT, m.s.userId),
    recentLoginsIn(tenantOf(ctx), m.s.userId, STAFF_RECENT),
  ]);
  const inviter = m.s.invitedBy ? await nameInEnterprise(ctx, m.s.invitedBy) : undefined;
  return {
    ...toRow(m, shops.get(m.s.shopId), renter.ownerUserId, userId),
    invitedBy: inviter ?? '',
    operations: operations.map((o) => ({
      id: o.id,
      module: o.module,
      action: o.action,
      recordId: o.recordId,
      ip: o.ip,
      createTime: fmtTime(o.createdAt),
    })),
    logins: logins.map((l) => ({
      id: l.id,
      way: l.way,
      ok: l.ok,
      reason: l.reason,
      ip: l.ip,
      userAgent: l.userAgent,
      createTime: fmtTime(l.createdAt),
    })),
  };
}

/** The roles and shops of the enterprise, for the staff form. */
export async function options(ctx: Ctx) {
  const [roles, shops] = await Promise.all([roleRepo.all(tenantOf(ctx)), shopsOf(tenantOf(ctx))]);
  return { roles, shops };
}

/** The role and shop a member is given: both of this enterprise; the owner role is the owner's alone. */
async function checkPlacement(ctx: Ctx, renterId: string, input: { roleId: string; shopId: string }, forOwner: boolean) {
  const [role, shop] = await Promise.all([
    roleRepo.byId(tenantFor(ctx, renterId), input.roleId),
    shopById(tenantFor(ctx, renterId), input.shopId),
  ]);
  if (!role) throw fieldError('roleId', '岗位不存在');
  if (role.isOwner && !forOwner) throw fieldError('roleId', '超级管理员岗位仅限企业所有者');
  if (!shop) throw fieldError('shopId', '门店不存在');
  return { roleName: role.name, shopName: shop.name };
}

/**
 * Invites a phone into the enterprise: a registered user joins as they are; a new phone gets an account with a
 * random password nobody knows, which its owner sets through 忘记密码. Either way an invitation SMS goes out once the
 * membership is saved.
 */
export async function add(ctx: Ctx, input: AddInput): Promise<{ id: string }> {
  const { renterId, userId } = renterOf(ctx);
  // Hashed before the transaction: argon2 takes a while and must not hold the enterprise's lock.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const renter = await renterFound(ctx, renterId);
  return inTx(ctx, async (tx) => {
    await lockTeam(tenantOf(tx));
    const placement = await checkPlacement(tx, renterId, input, false);
    const existing = await userByPhone(tx.db, input.phone);
    if (existing && (await staffRepo.ofUsers(tenantOf(tx), [existing.id])).length > 0) throw fieldError('phone', '该手机号已是本企业员工');
    const user = existing
      ? { id: existing.id, created: false }
      : await userForInvite(tx.db, { phone: input.phone, name: input.name, passwordHash });
    const member = await staffRepo.insert(tx.db, {
      renterId,
      userId: user.id,
      shopId: input.shopId,
      roleId: input.roleId,
      name: input.name,
      remark: input.remark,
      invitedBy: userId,
    });
    if (!member) throw fieldError('phone', '该手机号已是本企业员工');
    await audit(tx, {
      module: 'team',
      action: '添加员工',
      recordId: member.id,
      after: { phone: input.phone, name: input.name, role: placement.roleName, shop: placement.shopName, newUser: user.created },
    });
    const text = inviteText({ enterprise: renter.name, role: placement.roleName, newUser: user.created });
    afterCommit(tx, () => {
      sendInviteSms(ctx, input.phone, text).catch((err) => ctx.log.error({ err }, 'invite SMS failed'));
    });
    return { id: member.id };
  });
}

/** Saves a member's name, role, shop and remark; nobody changes their own role, and the owner keeps theirs. */
export async function update(ctx: Ctx, input: UpdateInput) {
  const { renterId, userId } = renterOf(ctx);
  const renter = await renterFound(ctx, renterId);
  await inTx(ctx, async (tx) => {
    await lockTeam(tenantOf(tx));
    const before = await staffRepo.member(tenantOf(tx), input.id);
    if (!before) throw notFound();
    const beforeShop = await shopById(tenantOf(tx), before.s.shopId);
    const owner = isOwnerMember(before.s, before.roleIsOwner, renter.ownerUserId);
    if (input.roleId !== before.s.roleId) {
      if (owner) throw fieldError('roleId', '企业所有者的岗位不能修改');
      if (before.s.userId === userId) throw fieldError('roleId', '不能修改自己的岗位');
    }
    const placement = await checkPlacement(tx, renterId, input, owner);
    const values = { name: input.name, roleId: input.roleId, shopId: input.shopId, remark: input.remark };
    await staffRepo.update(tenantOf(tx), before.s.id, values);
    await audit(tx, {
      module: 'team',
      action: '编辑员工',
      recordId: before.s.id,
      before: { name: before.s.name, role: before.roleName, shop: beforeShop?.name ?? null, remark: before.s.remark },
      after: { name: input.name, role: placement.roleName, shop: placement.shopName, remark: input.remark },
    });
  });
}

/** The members of ids, refusing a missing one, the owner and the caller themself. */
async function changeable(ctx: Ctx, renterId: string, ownerUserId: string, ids: string[], what: string) {
  const rows = await staffRepo.byIdsWithRole(tenantFor(ctx, renterId), ids);
  if (rows.length !== ids.length) throw notFound();
  const self = renterOf(ctx).userId;
  if (rows.some((r) => isOwnerMember(r.s, r.roleIsOwner, ownerUserId))) throw new BizError(`不能${what}企业所有者`);
  if (rows.some((r) => r.s.userId === self)) throw new BizError(`不能${what}自己`);
  return rows.map((r) => r.s);
}

/** Ends the members' sessions in this enterprise and tells their open consoles why, once committed. */
async function endSessions(ctx: Ctx, renterId: string, userIds: string[], reason: string) {
  const ended = await endSessionsIn(tenantFor(ctx, renterId), userIds);
  afterCommit(ctx, () => {
    for (const sessionId of ended) ctx.services.hub.endSessions({ sessionId }, reason);
  });
}

/** Enables (1) or disables (0) members; a disabled member's sessions in the enterprise end at once. */
export async function setStatus(ctx: Ctx, ids: string[], status: 0 | 1) {
  const { renterId } = renterOf(ctx);
  const unique = [...new Set(ids)];
  const renter = await renterFound(ctx, renterId);
  await inTx(ctx, async (tx) => {
    const rows = await changeable(tx, renterId, renter.ownerUserId, unique, status === 1 ? '启用' : '停用');
    await staffRepo.setStatus(tenantOf(tx), unique, status);
    if (status === 0)
      await endSessions(
        tx,
        renterId,
        rows.map((r) => r.userId),
        STAFF_DISABLED_MSG,
      );
    await audit(tx, {
      module: 'team',
      action: status === 1 ? '启用员工' : '停用员工',
      recordId: unique.join(','),
      before: rows.map((r) => ({ id: r.id, name: r.name, status: r.status })),
      after: { status },
    });
  });
}

/** Removes members from the enterprise (their account stays); their sessions in it end at once. */
export async function remove(ctx: Ctx, ids: string[]) {
  const { renterId } = renterOf(ctx);
  const unique = [...new Set(ids)];
  const renter = await renterFound(ctx, renterId);
  await inTx(ctx, async (tx) => {
    await lockTeam(tenantOf(tx));
    const rows = await changeable(tx, renterId, renter.ownerUserId, unique, '删除');
    await staffRepo.delete(tenantOf(tx), unique);
    await endSessions(
      tx,
      renterId,
      rows.map((r) => r.userId),
      STAFF_REMOVED_MSG,
    );
    await audit(tx, {
      module: 'team',
      action: '删除员工',
      recordId: unique.join(','),
      before: rows.map((r) => ({ id: r.id, userId: r.userId, name: r.name, roleId: r.roleId, shopId: r.shopId })),
    });
  });
}
