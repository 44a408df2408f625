import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { phone, requiredText, uuid } from '../core/fields';
import { yuanField, yuanOut } from '../core/money';
import { cardLook, memberRights } from './member.schemas';

/** 权益卡 (rights cards): free ones are claimed in the member centre or given by staff, paid ones bought (issue 15). */
export const VIP_CARD_NAME_MAX = 20;
export const VIP_CARD_NOTICE_MAX = 500;
export const VIP_CARD_PRICE_MAX = 100_000;
export const VIP_CARD_DAYS_MAX = 3650;
export const VIP_CARD_GRANT_MAX = 100;
export const VIP_CARD_NAME_TAKEN_MSG = '权益卡名称已存在';
export const VIP_CARD_MISSING_MSG = '权益卡不存在';
export const VIP_CARD_HELD_MSG = '该权益卡已有会员领取，不能删除';
export const VIP_CARD_OFF_MSG = '该权益卡已停用';
export const VIP_CARD_PAID_MSG = '该权益卡需购买';
export const VIP_CARD_CLAIMED_MSG = '您已领取该权益卡';
export const VIP_CARD_WITHDRAWN_MSG = '该权益卡已被商家收回，不能再次领取';
/** member_cards.source: 1 claimed (领取), 2 bought (购买), 3 given by staff (商家发放). */
export const VIP_CARD_SOURCE = { claim: 1, buy: 2, grant: 3 } as const;
export const VIP_CARD_SOURCE_TEXT: Record<number, string> = { 1: '会员领取', 2: '购买', 3: '商家发放' };
/** A held card's state: 1 valid (有效), 2 expired (已过期), 0 withdrawn by staff (已收回). */
export const VIP_CARD_STATE_TEXT: Record<number, string> = { 1: '有效', 2: '已过期', 0: '已收回' };
export const VIP_CARD_STATUS_TEXT: Record<number, string> = { 1: '启用', 0: '已停用' };

/** 0 = 永久有效, else the days a card lasts from when it is received. */
export const vipCardDays = z
  .number({ error: '请输入有效天数' })
  .int('有效天数须为整数')
  .min(0, '有效天数不能小于0')
  .max(VIP_CARD_DAYS_MAX, `有效天数不能超过${VIP_CARD_DAYS_MAX}天`);

/** VIPCard/save: creates (no id) or replaces a card. price is yuan (fen inside), required for a paid card. */
export const vipCardSaveBody = z
  .object({
    id: uuid('权益卡').optional(),
    name: requiredText('权益卡名称', VIP_CARD_NAME_MAX),
    /** 0 free (领取), 1 paid (购买). */
    needpay: z.union([z.literal(0), z.literal(1)], { error: '请选择领取方式' }),
    price: yuanField('售价', { max: VIP_CARD_PRICE_MAX }).optional(),
    validDays: vipCardDays,
    rights: memberRights,
    cover: cardLook,
    notice: z.string().trim().max(VIP_CARD_NOTICE_MAX, `使用须知不能超过${VIP_CARD_NOTICE_MAX}个字`).optional().default(''),
    /** 1 on (启用), 0 forbidden (停用); a new card starts on unless told. */
    status: z
      .union([z.literal(0), z.literal(1)], { error: '状态不正确' })
      .optional()
      .default(1),
  })
  .superRefine((v, ctx) => {
    if (v.needpay !== 1) return;
    if (v.price === undefined) ctx.addIssue({ code: 'custom', path: ['price'], message: '请输入售价' });
    else if (v.price <= 0) ctx.addIssue({ code: 'custom', path: ['price'], message: '售价须大于0' });
  });

export const VIP_CARD_LIST_STATUS = ['all', 'on', 'off'] as const;
export const VIP_CARD_SORT_FIELDS = ['createTime', 'holderCount', 'price'] as const;

/** VIPCard/list: keyword on the name, a status tab (全部 / 启用 / 已停用), sorter createTime, holderCount, price. */
export const vipCardListBody = listQuery.extend({
  status: z.enum(VIP_CARD_LIST_STATUS, { error: '状态不正确' }).optional().default('all'),
});

export const vipCardRow = z.object({
  id: z.string(),
  name: z.string(),
  needpay: z.number().int(),
  /** Yuan; 0 for a free card. */
  price: yuanOut(),
  validDays: z.number().int(),
  /** '永久有效' or '领取后N天内有效'. */
  validText: z.string(),
  rights: memberRights,
  cover: cardLook,
  status: z.number().int(),
  /** Members holding it (not withdrawn; expired ones included). */
  holderCount: z.number().int(),
  createTime: z.string(),
});

export const vipCardDetail = vipCardRow.extend({ notice: z.string(), updateTime: z.string() });

export const vipCardIdBody = z.object({ id: uuid('权益卡') });

export const vipCardForbidBody = z.object({
  id: uuid('权益卡'),
  /** 1 enable (启用), 0 forbid (停用). */
  status: z.union([z.literal(0), z.literal(1)], { error: '状态不正确' }),
});

/** VIPCard/vipchklist: enabled cards for pickers (paged, keyword on the name). */
export const vipCardPickRow = z.object({
  id: z.string(),
  name: z.string(),
  needpay: z.number().int(),
  price: yuanOut(),
  validText: z.string(),
});

export const VIP_CARD_HOLDER_STATE = ['all', 'valid', 'expired', 'withdrawn'] as const;
export const VIP_CARD_HOLDER_SORT_FIELDS = ['receiveTime', 'expireTime'] as const;

/** VIPCard/userlist: the holders of a card; keyword on phone, name or nickname, or the card number. */
export const vipCardHolderListBody = listQuery.extend({
  id: uuid('权益卡'),
  state: z.enum(VIP_CARD_HOLDER_STATE, { error: '状态不正确' }).optional().default('all'),
});

export const vipCardHolderRow = z.object({
  /** The member_cards row (VIPCard/withdraw takes it). */
  id: z.string(),
  memberId: z.string(),
  name: z.string(),
  phone: z.string(),
  cardNo: z.string(),
  source: z.number().int(),
  sourceText: z.string(),
  /** Yuan paid (bought cards). */
  amount: yuanOut(),
  /** When the current period started (first receipt, or a new one after it ran out or was withdrawn). */
  receiveTime: z.string(),
  /** '' for 永久有效. */
  expireTime: z.string(),
  /** VIP_CARD_STATE_TEXT. */
  state: z.number().int(),
  stateText: z.string(),
});

/** VIPCard/grant: give a card to members, by id or by phone (members of this renter); receiving again extends it. */
export const vipCardGrantBody = z
  .object({
    cardId: uuid('权益卡'),
    memberIds: z.array(uuid('会员')).max(VIP_CARD_GRANT_MAX, `一次最多发放${VIP_CARD_GRANT_MAX}位会员`).optional().default([]),
    phones: z.array(phone('请输入手机号')).max(VIP_CARD_GRANT_MAX, `一次最多发放${VIP_CARD_GRANT_MAX}位会员`).optional().default([]),
  })
  .refine((v) => v.memberIds.length + v.phones.length > 0, { message: '请选择会员', path: ['memberIds'] })
  .refine((v) => v.memberIds.length + v.phones.length <= VIP_CARD_GRANT_MAX, {
    message: `一次最多发放${VIP_CARD_GRANT_MAX}位会员`,
    path: ['memberIds'],
  });

export const vipCardGrantData = z.object({
  /** Members who got a new card (or one again after it ran out or was withdrawn). */
  granted: z.number().int(),
  /** Members whose valid card was extended. */
  extended: z.number().int(),
});

/** VIPCard/withdraw: the member_cards row (a holder of /VIPCard/userlist). */
export const vipCardWithdrawBody = z.object({ id: uuid('领取记录') });

// ---- Customer side (/h5/Card/…) ----

export const h5CardRow = z.object({
  id: z.string(),
  name: z.string(),
  needpay: z.number().int(),
  price: yuanOut(),
  validDays: z.number().int(),
  validText: z.string(),
  rights: memberRights,
  cover: cardLook,
  notice: z.string(),
  /** Whether I hold it now (valid, not withdrawn). */
  held: z.boolean(),
  /** My card's expiry when held; '' for 永久有效 or not held. */
  expireTime: z.string(),
});

export const h5MyCardRow = z.object({
  /** The member_cards row. */
  id: z.string(),
  cardId: z.string(),
  name: z.string(),
  rights: memberRights,
  cover: cardLook,
  notice: z.string(),
  cardNo: z.string(),
  receiveTime: z.string(),
  /** '' for 永久有效. */
  expireTime: z.string(),
  /** 1 valid, 2 expired. */
  state: z.number().int(),
  stateText: z.string(),
});

export const h5CardClaimData = z.object({ cardNo: z.string(), expireTime: z.string() });
