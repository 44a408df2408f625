import { z } from 'zod';
import { imageUrl, loginPassword, phone, smsCode } from '../core/fields';

/** The server-signed visitor id of a customer who has not logged in (header `visitor` on later calls). */
export const visitorIssued = z.object({
  visitor: z.string(),
  /** Seconds until it runs out; the page asks again with it before then and keeps the same id. */
  expires_in: z.number().int(),
});

export const memberSendCodeBody = z.object({ phone: phone('请输入手机号') });

export const memberSmsLoginBody = z.object({ phone: phone('请输入手机号'), code: smsCode() });

export const memberPwdLoginBody = z.object({
  phone: phone('请输入手机号'),
  pwd: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '密码不能超过64位'),
});

export const memberSetPwdBody = z.object({ pwd: loginPassword('请输入新密码') });

export const memberNickname = z.string({ error: '请输入昵称' }).trim().min(1, '请输入昵称').max(20, '昵称不能超过20个字');

/** The registration fields (注册资料: 姓名, 性别, 生日) the renter asks for (levels getfield); '' clears one. */
export const memberProfileBody = z.object({
  nickname: memberNickname.optional(),
  avatar: imageUrl('头像').optional(),
  name: z.string({ error: '姓名格式不正确' }).trim().max(20, '姓名不能超过20个字').optional(),
  sex: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '性别不正确' }).optional(),
  /** Not after today is the server's check (today in its display zone). */
  birthday: z
    .string({ error: '生日格式不正确' })
    .trim()
    .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), '生日格式不正确')
    .optional(),
});

export const memberProfile = z.object({
  id: z.string(),
  phone: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  name: z.string(),
  /** 0 unknown, 1 male, 2 female. */
  sex: z.number().int(),
  /** YYYY-MM-DD, '' when not given. */
  birthday: z.string(),
  /** Whether the member set a password (password login works then). */
  hasPwd: z.boolean(),
  createTime: z.string(),
});

export const memberLoginData = z.object({
  token: z.string(),
  /** Seconds until the token expires. */
  expires_in: z.number().int(),
  /** true when this login created the member (first login = registration). */
  created: z.boolean(),
  member: memberProfile,
});

export const h5ShopInfo = z.object({ shopId: z.string(), name: z.string(), logo: z.string(), servicePhone: z.string() });
