import type { renterTransBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { afterCommit, type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { notify } from '@/core/notify';
import {
  endSessionsIn,
  lockRenterOfTenant,
  sendCode,
  SMS_TYPE_TRANS_OWNER,
  SMS_TYPE_TRANS_RECEIVER,
  updateRenterOfTenant,
  userById,
  userByPhone,
  verifyCode,
} from '@/modules/login';
import { firstShopId } from '@/modules/shop';
import { addMember, memberOfUser, removeMember, roleById, roleOptions, setMemberRole } from '@/modules/team';
import { maskPhone } from '@/core/mask';
import { tenantFor, tenantOf } from '@/core/tenant';

type TransInput = z.output<typeof renterTransBody>;

const SESSION_END_MSG = '企业已转让，请重新登录';

/** The caller (the owner) and the receiver of a transfer: a registered user who is not the owner. */
async function parties(ctx: Ctx, receiverPhone: string) {
  const { userId } = renterOf(ctx);
  const owner = await userById(ctx.db, userId);
  if (!owner) throw new BizError('用户不存在');
  const receiver = await userByPhone(ctx.db, receiverPhone);
  if (!receiver) throw new BizError('该手机号尚未注册');
  if (receiver.id === owner.id) throw new BizError('不能转让给自己');
  return { owner, receiver };
}

/** SendUnAuthVeryCode: one code to the owner's own phone (type 5), one to the receiver's (type 6). */
export async function sendTransCodes(ctx: Ctx, receiverPhone: string) {
  const { owner, receiver } = await parties(ctx, receiverPhone);
  await sendCode(ctx, owner.phone, SMS_TYPE_TRANS_OWNER);
  const r = await sendCode(ctx, receiver.phone, SMS_TYPE_TRANS_RECEIVER);
  return { cooldown: r.cooldown, receiverName: receiver.name, ownerPhone: maskPhone(owner.phone) };
}

/** CheckUnAuthVeryCode: checks one of the two codes without using it up (step feedback in the console). */
export async function checkTransCode(ctx: Ctx, receiverPhone: string, kind: number, code: string) {
  const { owner, receiver } = await parties(ctx, receiverPhone);
  if (kind === 1) await verifyCode(ctx, owner.phone, SMS_TYPE_TRANS_OWNER, code, false);
  else await verifyCode(ctx, receiver.phone, SMS_TYPE_TRANS_RECEIVER, code, false);
}

/** The roles the old owner may stay in: every role but the owner's. */
export async function transRoles(ctx: Ctx) {
  return (await roleOptions(tenantOf(ctx))).filter((r) => !r.isOwner).map((r) => ({ id: r.id, name: r.name }));
}

/**
 * RenterTrans, in one transaction: the receiver becomes the owner (the owner role, a staff row made if they were not a
 * member), the old owner stays in another role or leaves, both codes are used up, both users' sessions in this
 * enterprise end, both get a notice, and the log records it. Any refusal changes nothing.
 */
export async function transferRenter(ctx: Ctx, input: TransInput): Promise<void> {
  const scope = renterOf(ctx);
  const { renterId } = scope;
  const { owner, receiver } = await parties(ctx, input.phone);
  // Checked first outside the transaction, so a wrong try is counted even though the transfer is refused.
  await verifyCode(ctx, owner.phone, SMS_TYPE_TRANS_OWNER, input.ownerCode, false);
  await verifyCode(ctx, receiver.phone, SMS_TYPE_TRANS_RECEIVER, input.receiverCode, false);
  const ended = await inTx(ctx, async (tx) => {
    const renter = await lockRenterOfTenant(tenantFor(tx, renterId));
    if (!renter) throw new BizError('企业不存在', CODE.notFound);
    if (renter.ownerUserId !== owner.id) throw new BizError('仅企业所有者可以执行此操作', CODE.forbidden);
    const ownerRole = await roleById(tenantFor(tx, renterId), scope.roleId);
    if (!ownerRole?.isOwner) throw new BizError('仅企业所有者可以执行此操作', CODE.forbidden);
    let stayRole: { id: string; name: string } | undefined;
    if (input.oldOwner === 'stay') {
      const role = input.roleId ? await roleById(tenantFor(tx, renterId), input.roleId) : undefined;
      if (!role) throw new BizError('岗位不存在', CODE.validation, { errors: [{ field: 'roleId', msg: '岗位不存在' }] });
      if (role.isOwner) {
        const msg = '原所有者不能保留超级管理员岗位';
        throw new BizError(msg, CODE.validation, { errors: [{ field: 'roleId', msg }] });
      }
      stayRole = role;
    }
    await verifyCode(tx, owner.phone, SMS_TYPE_TRANS_OWNER, input.ownerCode, true);
    await verifyCode(tx, receiver.phone, SMS_TYPE_TRANS_RECEIVER, input.receiverCode, true);

    const member = await memberOfUser(tenantFor(tx, renterId), receiver.id);
    if (member) await setMemberRole(tenantFor(tx, renterId), receiver.id, ownerRole.id);
    else {
      const shopId = scope.shopId || (await firstShopId(tenantFor(tx, renterId)));
      if (!shopId) throw new BizError('企业没有店铺');
      await addMember(tenantFor(tx, renterId), {
        userId: receiver.id,
        shopId,
        roleId: ownerRole.id,
        name: receiver.name,
        invitedBy: owner.id,
      });
    }
    if (stayRole) await setMemberRole(tenantFor(tx, renterId), owner.id, stayRole.id);
    else await removeMember(tenantFor(tx, renterId), owner.id);
    await updateRenterOfTenant(tenantFor(tx, renterId), { ownerUserId: receiver.id });
    const sessionIds = await endSessionsIn(tenantFor(tx, renterId), [owner.id, receiver.id]);

    await audit(tx, {
      module: 'account',
      action: '企业转让',
      recordId: renterId,
      before: { owner: maskPhone(owner.phone), receiverWasMember: Boolean(member) },
      after: { owner: maskPhone(receiver.phone), oldOwner: input.oldOwner, oldOwnerRole: stayRole?.name ?? '' },
    });
    await notify(tx, renterId, {
      userId: receiver.id,
      title: '企业转让',
      content: `${maskPhone(owner.phone)} 已将企业「${renter.name}」转让给您，您现在是该企业的所有者。`,
    });
    await notify(tx, renterId, {
      userId: owner.id,
      title: '企业转让',
      content: `您已将企业「${renter.name}」转让给 ${maskPhone(receiver.phone)}${stayRole ? `，您的岗位为「${stayRole.name}」` : '，并已退出该企业'}。`,
    });
    return sessionIds;
  });
  afterCommit(ctx, () => {
    for (const sessionId of ended) ctx.services.hub.endSessions({ sessionId }, SESSION_END_MSG);
  });
}
