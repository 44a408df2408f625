import { z } from 'zod';
import { yuanOut } from '../core/money';
import { loginPassword, phone, requiredText, smsCode } from '../core/fields';

export const SMS_TYPE = { register: 1, login: 2, resetPwd: 3 } as const;

export const selfInfo = z.object({
  renterID: z.string().describe('当前企业'),
  shopID: z.string(),
  partnerID: z.string(),
  id: z.string().describe('用户'),
});

/** UserCustomer: productType 1 is the H5 end, above 1 the social-platform end. */
export const userCustomer = z.object({
  name: z.string(),
  productName: z.string(),
  productStr: z.string(),
  productType: z.number().int(),
});

export const loginData = z.object({
  token: z.string(),
  /** Seconds until the token expires. */
  expires_in: z.number().int(),
  uname: z.string(),
  self: selfInfo,
  userCustomer: userCustomer.nullable(),
  /** How many enterprises the user belongs to. */
  customerCount: z.number().int(),
});
export type LoginData = z.output<typeof loginData>;

export const pwdLoginBody = z.object({
  phone: phone('请输入手机号'),
  pwd: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '密码不能超过64位'),
});

export const smsLoginBody = z.object({ phone: phone('请输入手机号'), code: smsCode() });

export const smsCodeBody = z.object({
  phone: phone('请输入手机号'),
  type: z.coerce
    .number({ error: '请选择验证码类型' })
    .int()
    .refine((t) => t === 1 || t === 2 || t === 3, '验证码类型不正确'),
});

export const chkCodeBody = smsCodeBody.extend({ code: smsCode() });

export const regUserBody = z.object({
  phone: phone('请输入手机号'),
  code: smsCode(),
  pwd: loginPassword('请输入密码'),
});

export const resetPwdBody = z.object({
  phone: phone('请输入注册手机号'),
  code: smsCode('请输入验证码'),
  pwd: loginPassword('请输入新密码'),
});

export const registCustomerBody = z.object({
  name: requiredText('企业名称', 30),
  industry: z.string({ error: '请选择所属行业' }).trim().min(1, '请选择所属行业'),
  area: z.array(z.string(), { error: '请选择所在地区' }).min(1, '请选择所在地区').max(3, '所在地区不正确'),
  productStr: z.string().trim().optional(),
});

export const setCustomerBody = z.object({ id: z.string({ error: '请选择企业' }).uuid('请选择企业') });

export const customerItem = z.object({
  id: z.string(),
  name: z.string(),
  productName: z.string(),
  productType: z.number().int(),
  isOwner: z.boolean(),
  current: z.boolean(),
  expired: z.boolean(),
  serviceendtime: z.string(),
});

/** Version info (spec 000 §3). */
export const versionInfo = z.object({
  issy: z.number().int().describe('1 试用'),
  timeend: z.number().int().describe('剩余天数'),
  mdornf: z.number().int().describe('1 买断，否则年费'),
  serviceendtime: z.string(),
  shopname: z.string(),
  productName: z.string(),
  usagemd: z.boolean().describe('可买断'),
  usagenf: z.boolean().describe('可年费'),
});
export type VersionInfo = z.output<typeof versionInfo>;

export const setInfoItem = z.object({ type: z.number().int(), text: z.string() });

export const productItem = z.object({
  ProductLineGUID: z.string(),
  name: z.string(),
  productStr: z.string(),
  productType: z.number().int(),
  remark: z.string(),
  /** Yuan per year of the annual fee. */
  annualPrice: yuanOut(),
  /** Yuan, once. */
  buyoutPrice: yuanOut(),
});

export const areaBody = z.object({ code: z.string({ error: '地区编码不正确' }).trim().max(12, '地区编码不正确').optional().default('') });
export const areaItem = z.object({ code: z.string(), name: z.string(), leaf: z.boolean() });
export const industryItem = z.object({ id: z.string(), name: z.string() });
export const agreementItem = z.object({ id: z.string(), title: z.string(), content: z.string() });

export const updatePwdBody = z.object({
  oldpwd: z.string({ error: '请输入原始密码' }).min(1, '请输入原始密码'),
  newpwd: z.string({ error: '请输入密码' }).min(1, '请输入密码'),
});
