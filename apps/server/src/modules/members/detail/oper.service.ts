import { fenToYuan, type memberOperBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, actorOf, inTx } from '@/core/context';
import { BizError, CODE, fieldError } from '@/core/errors';
import { type Tenant, tenantOf } from '@/core/tenant';
import { fmtTime, isAfterToday } from '@/core/time';
import { GROWTH_KIND, changeGrowth, growthKeyOfCall } from '@/modules/members/levels/growth.service';
import { memberEvent } from '@/modules/members/member-events';
import { hashPassword } from '@/modules/login';
import { foundMember, type MemberRow } from '@/modules/members/members.repository';
import { levelsByIds } from '@/modules/members/levels/level-lookup';
import { detailRepo } from './detail.repository';
import type { MemberAsBuyer } from './detail.service';

type OperInput = z.output<typeof memberOperBody>;

const MODULE = 'member';
const NOT_MEMBER = '该客户尚未注册为会员';

/** The member locked for a staff change (another renter's id: 会员不存在). */
const locked = (tenant: Tenant, id: string): Promise<MemberRow> => foundMember(tenant, id, true);

function needMember(m: MemberRow, what: string) {
  if (m.kind !== 1) throw new BizError(`${NOT_MEMBER}，不能${what}`);
}

/**
 * MemberOper: one staff operation on one member, each an audited write with a line of the member's history, in one
 * transaction under the member's row lock.
 */
export async function memberOper(ctx: Ctx, input: OperInput): Promise<string> {
  switch (input.oper) {
    case 'growth':
      return adjustGrowth(ctx, input.id, input.change, input.reason);
    case 'level':
      return setPaidLevel(ctx, input.id, input.levelId);
    case 'remark':
      return saveProfile(ctx, input.id, { remark: input.remark }, '修改备注');
    case 'profile':
      if (input.birthday && isAfterToday(input.birthday)) throw fieldError('birthday', '生日不能晚于今天');
      return saveProfile(
        ctx,
        input.id,
        { name: input.name, sex: input.sex, birthday: input.birthday || null, remark: input.remark },
        '编辑资料',
      );
  }
}

/**
 * Growth ± with a reason: changeGrowth keeps the free level equal to the growth (same transaction, row locked). The
 * change is keyed by the call's Idempotency-Key: a repeat changes nothing (no second history line or audit row) and
 * answers the first change's message.
 */
async function adjustGrowth(ctx: Ctx, id: string, change: number, reason: string): Promise<string> {
  return inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    const m = await locked(tenant, id);
    needMember(m, '调整成长值');
    const r = await changeGrowth(tx, { memberId: id, change, kind: GROWTH_KIND.staff, reason, key: growthKeyOfCall(tx) });
    if (r.repeated) return r.levelChanged ? `调整成功，等级变为${r.levelName || '无等级'}` : '调整成功';
    const title = `${change > 0 ? '增加' : '扣减'}成长值${Math.abs(change)}`;
    await memberEvent(tx, tenant, id, 'growth', title, `原因：${reason}；调整后成长值 ${r.growth}`);
    await audit(tx, {
      module: MODULE,
      action: '调整成长值',
      recordId: id,
      before: { growth: m.growth, levelId: m.levelId },
      after: { growth: r.growth, levelId: r.levelId, change, reason },
    });
    return r.levelChanged ? `调整成功，等级变为${r.levelName || '无等级'}` : '调整成功';
  });
}

/**
 * Sets a paid level by hand (a level_grants row, source 2 商家设置; expiry from the level's valid days) or removes the
 * paid level (''). Free levels follow the growth and are not set by hand.
 */
async function setPaidLevel(ctx: Ctx, id: string, levelId: string): Promise<string> {
  return inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    const m = await locked(tenant, id);
    needMember(m, '设置付费等级');
    if (levelId === '') {
      if (!m.paidLevelId) throw new BizError('该会员没有付费等级');
      const old = (await levelsByIds(tenant, [m.paidLevelId])).get(m.paidLevelId)?.name ?? '';
      await detailRepo.update(tenant, id, { paidLevelId: null, paidLevelExpiresAt: null });
      await memberEvent(tx, tenant, id, 'level', `取消付费等级${old ? `「${old}」` : ''}`);
      await audit(tx, {
        module: MODULE,
        action: '取消付费等级',
        recordId: id,
        before: { paidLevelId: m.paidLevelId, paidLevelExpiresAt: m.paidLevelExpiresAt },
        after: { paidLevelId: null },
      });
      return '已取消付费等级';
    }
    const level = (await levelsByIds(tenant, [levelId])).get(levelId);
    if (level?.needpay !== 1) throw new BizError('付费等级不存在', CODE.notFound);
    if (level.status !== 1) throw new BizError('该付费等级已停用');
    const now = new Date();
    const expiresAt = level.validDays > 0 ? new Date(now.getTime() + level.validDays * 86_400_000) : null;
    const a = actorOf(tx);
    await detailRepo.insertGrant(tenant, {
      memberId: id,
      levelId,
      levelName: level.name,
      source: 2,
      amountFen: 0,
      startsAt: now,
      expiresAt,
      operatorId: a.kind === 'staff' ? a.session.userId : null,
    });
    await detailRepo.update(tenant, id, { paidLevelId: levelId, paidLevelExpiresAt: expiresAt });
    await memberEvent(tx, tenant, id, 'level', `设置付费等级「${level.name}」`, expiresAt ? `有效期至 ${fmtTime(expiresAt)}` : '长期有效');
    await audit(tx, {
      module: MODULE,
      action: '设置付费等级',
      recordId: id,
      before: { paidLevelId: m.paidLevelId, paidLevelExpiresAt: m.paidLevelExpiresAt },
      after: { paidLevelId: levelId, paidLevelExpiresAt: expiresAt },
    });
    return '设置成功';
  });
}

type ProfilePatch = Partial<Pick<MemberRow, 'name' | 'sex' | 'birthday' | 'remark'>>;

/** Name, sex, birthday and the staff's note (or the note alone). */
async function saveProfile(ctx: Ctx, id: string, v: ProfilePatch, action: string): Promise<string> {
  return inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    const m = await locked(tenant, id);
    const before = Object.fromEntries(Object.keys(v).map((k) => [k, m[k as keyof ProfilePatch]]));
    await detailRepo.update(tenant, id, v);
    await memberEvent(tx, tenant, id, 'profile', action === '修改备注' ? '商家修改了备注' : '商家修改了会员资料');
    await audit(tx, { module: MODULE, action, recordId: id, before, after: v });
    return '保存成功';
  });
}

/** UserEditState: forbid (0: the member's tokens end at once, login is refused) or allow (1). */
export async function setState(ctx: Ctx, id: string, status: 0 | 1): Promise<string> {
  return inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    const m = await locked(tenant, id);
    const done = status === 1 ? '启用成功' : '禁用成功';
    if (m.status === status) return done;
    await detailRepo.update(tenant, id, { status });
    const ended = status === 0 ? await detailRepo.revokeTokens(tenant, id) : 0;
    await memberEvent(
      tx,
      tenant,
      id,
      'state',
      status === 1 ? '商家启用了该会员' : '商家禁用了该会员',
      status === 0 ? '禁用后无法登录商城' : '',
    );
    await audit(tx, {
      module: MODULE,
      action: status === 1 ? '启用会员' : '禁用会员',
      recordId: id,
      before: { status: m.status },
      after: { status, tokensEnded: ended },
    });
    return done;
  });
}

/** UserEditPwd: staff set the member's shop password (the member password rule, argon2id); the password is never logged. */
export async function resetPassword(ctx: Ctx, id: string, pwd: string): Promise<void> {
  const passwordHash = await hashPassword(pwd);
  await inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    const m = await locked(tenant, id);
    needMember(m, '设置登录密码');
    await detailRepo.update(tenant, id, { passwordHash });
    await memberEvent(tx, tenant, id, 'pwd', '商家重置了登录密码');
    await audit(tx, { module: MODULE, action: '重置会员密码', recordId: id });
  });
}

/** The buyer's paid orders counted: how many, the fen paid and the last payment. Answered by the orders module. */
export type OrderFiguresOf = (tenant: Tenant, who: MemberAsBuyer) => Promise<{ count: number; spendFen: number; lastAt: Date | null }>;

/**
 * UpdateUserOrderPayCount: the member's order count, spend and last purchase counted again by `figuresOf` (the orders
 * module's count of the member's orders: orders imports members, so the call is answered from there), written under
 * the row lock.
 */
export async function recountFigures(ctx: Ctx, id: string, figuresOf: OrderFiguresOf) {
  return inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    const m = await locked(tenant, id);
    const f = await figuresOf(tenant, { memberId: m.id, visitorId: m.visitorId, phone: m.phone });
    await detailRepo.update(tenant, id, { orderCount: f.count, spendFen: f.spendFen, lastOrderAt: f.lastAt });
    await audit(tx, {
      module: MODULE,
      action: '重新统计订单数据',
      recordId: id,
      before: { orderCount: m.orderCount, spendFen: m.spendFen, lastOrderAt: m.lastOrderAt },
      after: { orderCount: f.count, spendFen: f.spendFen, lastOrderAt: f.lastAt },
    });
    return { orderCount: f.count, spend: fenToYuan(f.spendFen), lastOrderTime: fmtTime(f.lastAt) };
  });
}
