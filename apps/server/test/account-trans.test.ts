import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices, operLogs, renters, roles, sessions, staff } from '@/db/schema';
import { makeApp, newPhone, type Person, PWD, type TestApp } from './helper';

let t: TestApp;
let bystander: Person;

beforeAll(async () => {
  t = await makeApp();
  bystander = await t.registerOwner('旁观企业');
});
afterAll(() => t.close());

const P = '/Sys/Staff/';
const SEND = `${P}SendUnAuthVeryCode`;
const CHECK = `${P}CheckUnAuthVeryCode`;
const ROLES = `${P}GetTransRoles`;
const TRANS = `${P}RenterTrans`;
const INFO = '/Sys/Staff/GetUserInfo';
const OWNER_ONLY = { code: 1003, msg: '仅企业所有者可以执行此操作' };

/** An enterprise with a member in a plain role, and a registered outsider. */
async function scene(name: string) {
  const owner = await t.registerOwner(name);
  const member = await t.addMember(owner.renterId, ['Goodlist']);
  const outsiderPhone = newPhone();
  await t.registerUser(outsiderPhone);
  // Their sign-up codes were just sent: as if that was long ago.
  await Promise.all([owner.phone, member.phone, outsiderPhone].map((p) => t.passSmsCooldown(p)));
  const [plain] = await t.db
    .select()
    .from(roles)
    .where(and(eq(roles.renterId, owner.renterId), eq(roles.isOwner, false)));
  return { owner, member, outsiderPhone, plainRoleId: plain.id };
}

/** Sends both codes and answers them. */
async function codes(owner: Person, receiverPhone: string) {
  await t.passSmsCooldown(owner.phone);
  await t.passSmsCooldown(receiverPhone);
  await t.ok(SEND, { phone: receiverPhone }, owner.token);
  return { ownerCode: t.smsCode(owner.phone), receiverCode: t.smsCode(receiverPhone) };
}

const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

async function ownerOf(renterId: string) {
  const [r] = await t.db.select().from(renters).where(eq(renters.id, renterId));
  return r.ownerUserId;
}

describe('SendUnAuthVeryCode and CheckUnAuthVeryCode', () => {
  it('sends a code to the owner and one to the receiver, and checks each without using it up', async () => {
    const { owner, member } = await scene('发码企业');
    const r = await t.call(SEND, { phone: member.phone }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '验证码发送成功', data: { cooldown: 60 } });
    expect(r.body.data.ownerPhone).toBe(`${owner.phone.slice(0, 3)}****${owner.phone.slice(7)}`);
    const ownerCode = t.smsCode(owner.phone);
    const receiverCode = t.smsCode(member.phone);
    expect(await t.call(CHECK, { phone: member.phone, kind: 1, code: ownerCode }, owner.token)).toMatchObject({
      body: { code: 0, msg: '验证通过' },
    });
    expect((await t.call(CHECK, { phone: member.phone, kind: 2, code: receiverCode }, owner.token)).body.code).toBe(0);
    // The owner's code is not the receiver's.
    expect(
      (await t.call(CHECK, { phone: member.phone, kind: 2, code: ownerCode === receiverCode ? wrong(ownerCode) : ownerCode }, owner.token))
        .body,
    ).toMatchObject({
      code: 1,
      msg: '验证码错误',
    });
    // Checked codes still work for the transfer itself.
    await t.ok(TRANS, { phone: member.phone, ownerCode, receiverCode, oldOwner: 'leave' }, owner.token);
  });

  it('refuses an unregistered receiver, the owner themself, a bad phone and a second send within 60 s', async () => {
    const { owner, member } = await scene('拒发企业');
    expect((await t.call(SEND, { phone: '19900000001' }, owner.token)).body).toMatchObject({ code: 1, msg: '该手机号尚未注册' });
    expect((await t.call(SEND, { phone: owner.phone }, owner.token)).body).toMatchObject({ code: 1, msg: '不能转让给自己' });
    expect((await t.call(SEND, { phone: '12345' }, owner.token)).body).toMatchObject({ code: 1001, msg: '手机号格式不正确' });
    expect((await t.call(SEND, {}, owner.token)).body).toMatchObject({ code: 1001, msg: '请输入接收人手机号' });
    await t.ok(SEND, { phone: member.phone }, owner.token);
    expect((await t.call(SEND, { phone: member.phone }, owner.token)).body.msg).toMatch(/^验证码发送太频繁，请\d+秒后再试$/);
  });

  it('is for the owner only: a member with every grant gets 1003, no token gets 401', async () => {
    const { owner, member } = await scene('仅所有者企业');
    const admin = await t.addMember(owner.renterId, ['renterinfo', 'operlog', 'Goodlist']);
    for (const [path, body] of [
      [SEND, { phone: member.phone }],
      [CHECK, { phone: member.phone, kind: 1, code: '123456' }],
      [ROLES, {}],
      [TRANS, { phone: member.phone, ownerCode: '123456', receiverCode: '123456', oldOwner: 'leave' }],
    ] as const) {
      expect((await t.call(path, body, admin.token)).body, path).toMatchObject(OWNER_ONLY);
      expect((await t.call(path, body)).status, path).toBe(401);
    }
  });
});

describe('GetTransRoles', () => {
  it("lists the enterprise's roles but the owner's, and none of another enterprise", async () => {
    const { owner, plainRoleId } = await scene('岗位企业');
    const list = await t.ok(ROLES, {}, owner.token);
    expect(list.map((r: { id: string }) => r.id)).toEqual([plainRoleId]);
    const others = await t.ok(ROLES, {}, bystander.token);
    expect(others.map((r: { id: string }) => r.id)).not.toContain(plainRoleId);
  });
});

describe('RenterTrans', () => {
  it('hands the enterprise to a member; the old owner stays in the chosen role; both must log in again', async () => {
    const { owner, member, plainRoleId } = await scene('留任企业');
    const c = await codes(owner, member.phone);
    const r = await t.call(TRANS, { phone: member.phone, ...c, oldOwner: 'stay', roleId: plainRoleId }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '企业转让成功，请重新登录' });
    expect(await ownerOf(owner.renterId)).toBe(member.userId);
    // Both sessions in this enterprise ended.
    expect((await t.call(INFO, {}, owner.token)).status).toBe(401);
    expect((await t.call(INFO, {}, member.token)).status).toBe(401);

    const newOwner = await t.login(member.phone, PWD);
    const info = await t.ok(INFO, {}, newOwner);
    expect(info.isOwner).toBe(true);
    expect((await t.call(ROLES, {}, newOwner)).body.code).toBe(0);

    const oldOwner = await t.login(owner.phone, PWD);
    const oldInfo = await t.ok(INFO, {}, oldOwner);
    expect(oldInfo.isOwner).toBe(false);
    expect((await t.call(ROLES, {}, oldOwner)).body).toMatchObject(OWNER_ONLY);
    const [m] = await t.db
      .select()
      .from(staff)
      .where(and(eq(staff.renterId, owner.renterId), eq(staff.userId, owner.userId)));
    expect(m.roleId).toBe(plainRoleId);

    // Notices to both, and the log.
    const told = await t.db.select().from(notices).where(eq(notices.renterId, owner.renterId));
    expect(
      told
        .filter((n) => n.title === '企业转让')
        .map((n) => n.userId)
        .sort(),
    ).toEqual([owner.userId, member.userId].sort());
    const [log] = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, owner.renterId), eq(operLogs.action, '企业转让')));
    expect(log).toMatchObject({ module: 'account', userId: owner.userId, recordId: owner.renterId });
    expect(log.after).toMatchObject({ oldOwner: 'stay' });
    // The live connections of the ended sessions were closed with the reason.
    expect(t.hub.ended.some((e) => e.reason === '企业已转让，请重新登录')).toBe(true);
  });

  it('hands the enterprise to a registered outsider who joins as owner; the old owner leaves', async () => {
    const { owner, outsiderPhone } = await scene('离开企业');
    const c = await codes(owner, outsiderPhone);
    await t.ok(TRANS, { phone: outsiderPhone, ...c, oldOwner: 'leave' }, owner.token);
    const newOwner = await t.login(outsiderPhone, PWD);
    const info = await t.ok(INFO, {}, newOwner);
    expect(info).toMatchObject({ isOwner: true, version: { shopname: '离开企业' } });
    // The old owner is no longer a member: their login lands in no enterprise.
    const again = await t.ok('/api/Login/LoginByPwd', { phone: owner.phone, pwd: PWD });
    expect(again.self.renterID).toBe('');
    const left = await t.db
      .select()
      .from(staff)
      .where(and(eq(staff.renterId, owner.renterId), eq(staff.userId, owner.userId)));
    expect(left).toEqual([]);
  });

  it('changes nothing on a wrong code, and the right codes still work afterwards', async () => {
    const { owner, member, plainRoleId } = await scene('错码企业');
    const c = await codes(owner, member.phone);
    const badOwner = await t.call(TRANS, { phone: member.phone, ...c, ownerCode: wrong(c.ownerCode), oldOwner: 'leave' }, owner.token);
    expect(badOwner.body).toMatchObject({ code: 1, msg: '验证码错误' });
    const badReceiver = await t.call(
      TRANS,
      { phone: member.phone, ...c, receiverCode: wrong(c.receiverCode), oldOwner: 'stay', roleId: plainRoleId },
      owner.token,
    );
    expect(badReceiver.body).toMatchObject({ code: 1, msg: '验证码错误' });
    expect(await ownerOf(owner.renterId)).toBe(owner.userId);
    expect((await t.call(INFO, {}, owner.token)).body.data.isOwner).toBe(true);
    expect((await t.call(INFO, {}, member.token)).body.code).toBe(0);
    const live = await t.db.select().from(sessions).where(eq(sessions.renterId, owner.renterId));
    expect(live.every((s) => s.revokedAt === null)).toBe(true);
    // Codes are used once: a successful transfer uses them up.
    await t.ok(TRANS, { phone: member.phone, ...c, oldOwner: 'stay', roleId: plainRoleId }, owner.token);
    const newOwner = await t.login(member.phone, PWD);
    expect((await t.call(TRANS, { phone: owner.phone, ...c, oldOwner: 'leave' }, newOwner)).body.msg).toBe('验证码已失效，请重新获取');
  });

  it('refuses staying without a role, in the owner role or in another enterprise’s role', async () => {
    const { owner, member } = await scene('岗位校验企业');
    const c = await codes(owner, member.phone);
    const base = { phone: member.phone, ...c, oldOwner: 'stay' };
    expect((await t.call(TRANS, base, owner.token)).body).toMatchObject({ code: 1001, msg: '请选择原所有者转让后的岗位' });
    const [ownerRole] = await t.db
      .select()
      .from(roles)
      .where(and(eq(roles.renterId, owner.renterId), eq(roles.isOwner, true)));
    expect((await t.call(TRANS, { ...base, roleId: ownerRole.id }, owner.token)).body).toMatchObject({
      code: 1001,
      msg: '原所有者不能保留超级管理员岗位',
    });
    const [foreign] = await t.db.select().from(roles).where(eq(roles.renterId, bystander.renterId));
    expect((await t.call(TRANS, { ...base, roleId: foreign.id }, owner.token)).body).toMatchObject({ code: 1001, msg: '岗位不存在' });
    expect((await t.call(TRANS, { ...base, oldOwner: 'maybe' }, owner.token)).body.msg).toBe('请选择转让后原所有者的去留');
    expect(await ownerOf(owner.renterId)).toBe(owner.userId);
  });
});
