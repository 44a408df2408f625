import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { imageUrl, phone, requiredText, smsCode } from '../core/fields';
import { PHONE_RE } from '../core/rules';

// ---- 企业信息 (/renterinfo) ----

export const RENTER_NAME_MAX = 30;
export const RENTER_CONTACT_MAX = 20;
export const RENTER_ADDRESS_MAX = 100;

export const renterInfo = z.object({
  name: z.string(),
  logo: z.string(),
  /** Industry id (GetIndustry). */
  industry: z.string(),
  industryName: z.string(),
  /** Province / city / district codes (GetAllArea). */
  area: z.array(z.string()),
  /** '广东省 / 深圳市 / 南山区' */
  areaName: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  address: z.string(),
});

/** SetRenterInfo: every field of 企业信息; the enterprise name is also the shop name the shell shows. */
export const renterInfoSaveBody = z.object({
  name: requiredText('企业名称', RENTER_NAME_MAX),
  logo: imageUrl('企业Logo').optional().default(''),
  industry: z.string({ error: '请选择所属行业' }).trim().min(1, '请选择所属行业').max(32, '所属行业不正确'),
  area: z.array(z.string().max(12), { error: '请选择所在地区' }).min(1, '请选择所在地区').max(3, '所在地区不正确'),
  contactName: z.string().trim().max(RENTER_CONTACT_MAX, `联系人不能超过${RENTER_CONTACT_MAX}个字`).optional().default(''),
  contactPhone: z
    .string()
    .trim()
    .refine((v) => v === '' || PHONE_RE.test(v), '联系电话格式不正确')
    .optional()
    .default(''),
  address: z.string().trim().max(RENTER_ADDRESS_MAX, `详细地址不能超过${RENTER_ADDRESS_MAX}个字`).optional().default(''),
});

/** GetAllArea: the children of an area code, provinces for ''. */
export const allAreaBody = z.object({
  code: z.string({ error: '地区编码不正确' }).trim().max(12, '地区编码不正确').optional().default(''),
});
export const allAreaItem = z.object({ code: z.string(), name: z.string(), leaf: z.boolean() });

// ---- 企业转让 (/rentertrans) ----

/** Who an enterprise-transfer code is for: the owner's own phone, or the receiver's. */
export const TRANS_CODE_KIND = { owner: 1, receiver: 2 } as const;

export const transPhoneBody = z.object({ phone: phone('请输入接收人手机号') });

export const transCheckBody = z.object({
  phone: phone('请输入接收人手机号'),
  /** 1 the owner's code, 2 the receiver's. */
  kind: z.coerce
    .number({ error: '验证码类型不正确' })
    .int()
    .refine((k) => k === 1 || k === 2, '验证码类型不正确'),
  code: smsCode(),
});

export const renterTransBody = z
  .object({
    phone: phone('请输入接收人手机号'),
    ownerCode: smsCode('请输入您手机收到的验证码'),
    receiverCode: smsCode('请输入接收人手机收到的验证码'),
    /** stay: the old owner keeps working in the enterprise with roleId; leave: they leave it. */
    oldOwner: z.enum(['stay', 'leave'], { error: '请选择转让后原所有者的去留' }),
    roleId: z.string().uuid('岗位不正确').optional(),
  })
  .refine((b) => b.oldOwner === 'leave' || Boolean(b.roleId), { message: '请选择原所有者转让后的岗位', path: ['roleId'] });

export const transRole = z.object({ id: z.string(), name: z.string() });

/** SendUnAuthVeryCode: codes went to both phones; the receiver's masked phone and name for the next step. */
export const transSent = z.object({ cooldown: z.number().int(), receiverName: z.string(), ownerPhone: z.string() });

// ---- 登录信息 (/logininfor) ----

export const loginLogListBody = listQuery.extend({
  stime: z.string().trim().optional().default(''),
  endtime: z.string().trim().optional().default(''),
  /** -1 all, 1 成功, 0 失败. */
  ok: z.coerce.number().int().min(-1).max(1).optional().default(-1),
});

export const LOGIN_WAY_TEXT: Record<string, string> = { pwd: '密码登录', sms: '验证码登录', wechat: '微信登录' };

export const loginLogRow = z.object({
  id: z.string(),
  time: z.string(),
  ip: z.string(),
  /** 电脑 / 手机 / 平板 */
  device: z.string(),
  os: z.string(),
  browser: z.string(),
  way: z.string(),
  wayText: z.string(),
  ok: z.boolean(),
  /** 成功 / 失败 */
  result: z.string(),
  reason: z.string(),
});

// ---- 账号绑定 (/userbind) ----

export const newPhoneBody = z.object({ phone: phone('请输入新手机号') });
export const updatePhoneBody = z.object({ phone: phone('请输入新手机号'), code: smsCode() });

export const userBindInfo = z.object({
  /** 138****8000 */
  phone: z.string(),
  wechat: z
    .object({
      nickname: z.string(),
      avatar: z.string(),
      bindTime: z.string(),
    })
    .nullable(),
});

/** GetOfficial: a binding QR code for the WeChat platform (the development platform's scan page, locally). */
export const officialQr = z.object({
  ticket: z.string(),
  /** What the QR code holds: the page a phone opens by scanning. */
  url: z.string(),
  expireSeconds: z.number().int(),
  /** true: the development platform (no real WeChat); the console says so. */
  dev: z.boolean(),
});

// ---- 操作日志 (/operlog) ----

/** Module names of the operation log, as the console shows them; a module not listed shows its key. */
export const OPERLOG_MODULES: Record<string, string> = {
  account: '企业与账号',
  login: '账号',
  profile: '个人设置',
  team: '员工与权限',
  shop: '店铺设置',
  goods: '商品',
  orders: '订单',
  forms: '表单',
  files: '素材',
  billing: '订购',
  member: '会员',
};

export const operlogListBody = listQuery.extend({
  /** The user who did it; '' everyone. */
  userId: z
    .union([z.literal(''), z.string().uuid('操作人不正确')])
    .optional()
    .default(''),
  module: z.string().trim().max(32, '模块不正确').optional().default(''),
  stime: z.string().trim().optional().default(''),
  endtime: z.string().trim().optional().default(''),
});

export const operlogRow = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  phone: z.string(),
  module: z.string(),
  moduleName: z.string(),
  action: z.string(),
  recordId: z.string(),
  /** The record's name: as logged at the time, else its current name; '' when the entry names no record. */
  recordName: z.string(),
  /** The console path of the record's screen ('/editfrom?id=…') while the record exists; '' otherwise. */
  recordLink: z.string(),
  ip: z.string(),
  createTime: z.string(),
});

/** One changed field of a log entry: its Chinese label and the values before and after as text ('' none). */
export const operlogChange = z.object({ field: z.string(), label: z.string(), before: z.string(), after: z.string() });

export const operlogDetail = operlogRow.extend({
  /** Only the fields that changed, labelled. */
  changes: z.array(operlogChange),
  /** The entry as logged (for support). */
  before: z.unknown(),
  after: z.unknown(),
});

export const operlogStaff = z.object({ userId: z.string(), name: z.string(), phone: z.string() });

/** At most this many rows go into one export of the operation log. */
export const OPERLOG_EXPORT_MAX = 50_000;
