import type { Ctx } from '@/core/context';

/** The invitation a new member receives: where they work now and how to get in. */
export function inviteText(v: { enterprise: string; role: string; newUser: boolean }): string {
  const how = v.newUser
    ? '请打开商家后台登录页，点击“忘记密码”，用本手机号获取短信验证码设置密码后登录。'
    : '请用本手机号登录商家后台；如忘记密码，可在登录页点击“忘记密码”通过短信重置。';
  return `您已被邀请加入「${v.enterprise}」，岗位：${v.role}。${how}`;
}

/** Sends the invitation through the SMS provider. */
export async function sendInviteSms(ctx: Ctx, phone: string, text: string): Promise<void> {
  await ctx.services.sms.sendText(phone, text);
}
