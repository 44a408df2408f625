import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { loginPassword, requiredText, uuid } from '../core/fields';
import { yuanOut } from '../core/money';

/** Largest growth one staff adjustment may add or take (the member's growth stays within 0…100,000,000). */
export const GROWTH_CHANGE_MAX = 1_000_000;
export const MEMBER_NAME_MAX = 20;
export const MEMBER_REMARK_MAX = 200;
export const GROWTH_REASON_MAX = 100;

/** {id}: one member (or customer) of the enterprise. */
export const memberIdBody = z.object({ id: uuid('会员id') });

/**
 * A birthday 'YYYY-MM-DD' (a real day since 1900) or '' for none. Not after today is the server's check: today is a day
 * of the server's display zone, which the contract does not know.
 */
const birthday = z
  .string({ error: '生日格式不正确' })
  .trim()
  .refine((v) => {
    if (v === '') return true;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01';
  }, '生日格式不正确');

const remark = z.string({ error: '备注格式不正确' }).trim().max(MEMBER_REMARK_MAX, `备注不能超过${MEMBER_REMARK_MAX}个字`);

/**
 * MemberOper: one staff operation on one member, by `oper`: 'growth' adds or takes growth with a reason (the free level
 * follows), 'level' sets a paid level by hand ('' removes it), 'remark' the staff note, 'profile' name, sex, birthday
 * and note.
 */
export const memberOperBody = z.discriminatedUnion(
  'oper',
  [
    z.object({
      id: uuid('会员id'),
      oper: z.literal('level'),
      /** A paid level's id, or '' to remove the paid level. */
      levelId: z.union([z.literal(''), uuid('等级id')], { error: '等级id格式不正确' }),
    }),
    z.object({
      id: uuid('会员id'),
      oper: z.literal('growth'),
      change: z
        .number({ error: '请输入调整的成长值' })
        .int('调整的成长值须为整数')
        .min(-GROWTH_CHANGE_MAX, `单次调整不能超过${GROWTH_CHANGE_MAX}`)
        .max(GROWTH_CHANGE_MAX, `单次调整不能超过${GROWTH_CHANGE_MAX}`)
        .refine((n) => n !== 0, '调整的成长值不能为0'),
      reason: requiredText('调整原因', GROWTH_REASON_MAX),
    }),
    z.object({ id: uuid('会员id'), oper: z.literal('remark'), remark }),
    z.object({
      id: uuid('会员id'),
      oper: z.literal('profile'),
      name: z.string({ error: '姓名格式不正确' }).trim().max(MEMBER_NAME_MAX, `姓名不能超过${MEMBER_NAME_MAX}个字`),
      sex: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '性别不正确' }),
      birthday,
      remark,
    }),
  ],
  { error: '操作类型不正确' },
);

export const memberStateBody = z.object({
  id: uuid('会员id'),
  /** 1 allow (启用), 0 forbid (禁用: the member's tokens end at once). */
  status: z.union([z.literal(0), z.literal(1)], { error: '状态不正确' }),
});

export const memberPwdBody = z.object({ id: uuid('会员id'), pwd: loginPassword('请输入新密码') });

export const memberEventsBody = listQuery.pick({ page_index: true, page_size: true }).extend({ id: uuid('会员id') });

const named = z.object({ id: z.string(), name: z.string() });

/** The free level after the member's: its growth threshold and what the member still needs. */
const nextLevel = z.object({ id: z.string(), name: z.string(), growth: z.number().int(), need: z.number().int() });

export const memberCardHeld = z.object({
  id: z.string(),
  cardId: z.string(),
  name: z.string(),
  cardNo: z.string(),
  startTime: z.string(),
  /** '' for ever. */
  expireTime: z.string(),
  /** Held and not run out (nor withdrawn). */
  valid: z.boolean(),
  stateText: z.string(),
});

/** Running figures of a member (kept by the writes that change them, never computed per list request). */
export const memberFigures = z.object({
  orderCount: z.number().int(),
  spend: yuanOut(),
  /** 'YYYY-MM-DD HH:mm:ss' or ''. */
  lastOrderTime: z.string(),
});

/** GetUserDetail: the member's page. */
export const memberDetail = z.object({
  id: z.string(),
  phone: z.string(),
  name: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  sex: z.number().int(),
  sexText: z.string(),
  /** 'YYYY-MM-DD' or ''. */
  birthday: z.string(),
  source: z.number().int(),
  sourceText: z.string(),
  kind: z.number().int(),
  kindText: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  audit: z.number().int(),
  auditText: z.string(),
  remark: z.string(),
  createTime: z.string(),
  memberTime: z.string(),
  lastLoginTime: z.string(),
  ...memberFigures.shape,
  balance: yuanOut(),
  points: z.number().int(),
  growth: z.number().int(),
  levelId: z.string(),
  levelName: z.string(),
  paidLevelId: z.string(),
  paidLevelName: z.string(),
  /** '' for ever (or no paid level). */
  paidLevelExpire: z.string(),
  nextLevel: nextLevel.nullable(),
  tags: z.array(named),
  groups: z.array(named),
  cards: z.array(memberCardHeld),
});

export const levelGrantRow = z.object({
  id: z.string(),
  levelId: z.string(),
  levelName: z.string(),
  /** 1 bought, 2 set by staff. */
  source: z.number().int(),
  sourceText: z.string(),
  amount: yuanOut(),
  startTime: z.string(),
  expireTime: z.string(),
  createTime: z.string(),
});

/** GetUserVip: the member's levels and the paid levels granted. */
export const memberVip = z.object({
  growth: z.number().int(),
  levelId: z.string(),
  levelName: z.string(),
  nextLevel: nextLevel.nullable(),
  paidLevelId: z.string(),
  paidLevelName: z.string(),
  paidLevelExpire: z.string(),
  /** The paid level held has not run out. */
  paidLevelValid: z.boolean(),
  grants: z.array(levelGrantRow),
  /** The enabled paid levels staff may set (设置付费等级). */
  paidLevels: z.array(named.extend({ validDays: z.number().int() })),
});

/** GetUserOrderStic: order figures, and by month for the last 12 months (months without orders are absent). */
export const memberOrderStats = z.object({
  ...memberFigures.shape,
  /** Spend / order count, 0 without orders. */
  average: yuanOut(),
  months: z.array(z.object({ month: z.string(), count: z.number().int(), spend: yuanOut() })),
});

export const memberEventRow = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  detail: z.string(),
  operatorName: z.string(),
  createTime: z.string(),
});

/** GetUserInfo: the short card of a member (pickers, hover). */
export const memberCard = z.object({
  id: z.string(),
  phone: z.string(),
  name: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  levelName: z.string(),
});
