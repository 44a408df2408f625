import { z } from 'zod';
import { imageUrl } from '../core/fields';

/** 0 customer (touched the shop), 1 member (registered a phone): spec 001 usertype. */
export const MEMBER_KIND = { customer: 0, member: 1 } as const;
export const MEMBER_KIND_TEXT: Record<number, string> = { 0: '客户', 1: '会员' };
/** Where a customer came from. */
export const MEMBER_SOURCE_TEXT: Record<number, string> = { 1: 'H5商城', 2: '后台添加', 3: '导入', 4: '表单', 5: '小程序' };
export const MEMBER_SOURCE = { h5: 1, console: 2, import: 3, form: 4, miniProgram: 5 } as const;
export const SEX_TEXT: Record<number, string> = { 0: '未知', 1: '男', 2: '女' };
/** Member audit (会员审核): 1 passed, 0 waiting, 2 refused. */
export const MEMBER_AUDIT_TEXT: Record<number, string> = { 1: '已通过', 0: '待审核', 2: '已拒绝' };
/** A member's state: 1 normal, 0 forbidden (禁用: cannot log in on the shop). */
export const MEMBER_STATUS_TEXT: Record<number, string> = { 1: '正常', 0: '禁用' };
export const MEMBER_MISSING_MSG = '会员不存在';

/** The rights a level or a rights card gives (等级权益 / 权益卡权益). */
export const memberRights = z.object({
  /** 折扣: 0.1–10 折, in tenths of a percent inside (950 = 9.5 折); 1000 = 无折扣. */
  discount: z.number({ error: '请输入折扣' }).int('折扣格式不正确').min(1, '折扣须在0.1折到10折之间').max(1000, '折扣须在0.1折到10折之间'),
  /** 积分倍率 in tenths: 10 = ×1, at most ×10. */
  pointsTimes: z
    .number({ error: '请输入积分倍率' })
    .int('积分倍率格式不正确')
    .min(10, '积分倍率不能小于1倍')
    .max(100, '积分倍率不能超过10倍'),
  freeShipping: z.boolean(),
  /** 生日礼: points given on the member's birthday. */
  birthdayPoints: z
    .number({ error: '请输入生日赠送积分' })
    .int('生日赠送积分须为整数')
    .min(0, '生日赠送积分不能小于0')
    .max(1_000_000, '生日赠送积分不能超过1000000'),
});
export type MemberRights = z.infer<typeof memberRights>;
export const NO_RIGHTS: MemberRights = { discount: 1000, pointsTimes: 10, freeShipping: false, birthdayPoints: 0 };

/** How a level's or a card's card looks (等级装修, 权益卡封面). */
export const cardLook = z.object({
  bgColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, '背景颜色格式不正确'),
  bgImage: z.union([z.literal(''), imageUrl('背景图片')]),
  textColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, '文字颜色格式不正确'),
});
export type CardLook = z.infer<typeof cardLook>;
