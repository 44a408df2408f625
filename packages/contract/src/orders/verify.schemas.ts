import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { yuanOut } from '../core/money';
import { goodsOrderLineBrief } from './goods-orders.schemas';

// 核销工具 and 核销记录 (/Order/Verify/…, apps/server/src/modules/orders/verify/README.md): one input for every code
// the shop verifies. The code formats are fixed here so the coupon and time-card issues generate codes no other kind uses.

/**
 * What a code's shape says it is: 8 digits — a pick-up order's or a form order's code (unique per renter within each
 * kind; one code may be both); 12 digits — a coupon (券码, the coupon issue must generate these); 'T' + 10 digits — a
 * time card (次卡, the time-card issue must generate these). Anything else is no code.
 */
export const VERIFY_CODE_FORMATS = {
  order: /^\d{8}$/,
  coupon: /^\d{12}$/,
  timeCard: /^T\d{10}$/,
} as const;
export type VerifyCodeFormat = keyof typeof VERIFY_CODE_FORMATS;

/** The shape of a typed or scanned code (spaces and case forgiven), or null when it is of no known format. */
export function verifyCodeFormat(code: string): VerifyCodeFormat | null {
  const c = normalVerifyCode(code);
  for (const [k, re] of Object.entries(VERIFY_CODE_FORMATS)) if (re.test(c)) return k as VerifyCodeFormat;
  return null;
}
/** A code as stored: no spaces or dashes (a scanner or a printed ticket may add them), upper case. */
export const normalVerifyCode = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase();

export const VERIFY_KINDS = [
  { kind: 'pickup', text: '自提订单' },
  { kind: 'form', text: '表单订单' },
] as const;
export type VerifyKind = (typeof VERIFY_KINDS)[number]['kind'];
export const VERIFY_KIND_TEXT: Record<string, string> = Object.fromEntries(VERIFY_KINDS.map((k) => [k.kind, k.text]));

const verifyKind = z.enum(['pickup', 'form'], { error: '请选择核销类型' });

export const verifyCheckBody = z.object({
  code: z.string({ error: '请输入核销码' }).trim().min(1, '请输入核销码').max(40, '核销码格式不正确'),
});
export const verifyTakeBody = z.object({
  code: z
    .string({ error: '请输入核销码' })
    .trim()
    .regex(/^\d{8}$/, '核销码为8位数字'),
  kind: verifyKind,
});

/** One thing a code opens: a pick-up goods order or a form order, with why it cannot be verified now, if so. */
export const verifyMatch = z.object({
  kind: verifyKind,
  kindText: z.string(),
  id: z.string(),
  orderNo: z.string(),
  code: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  /** Paid amount, yuan. */
  amount: yuanOut(),
  /** The buyer's phone (goods) or the phone typed on the form. */
  phone: z.string(),
  payTime: z.string(),
  /** Pick-up: the goods bought, with their images. Form: empty. */
  lines: z.array(goodsOrderLineBrief),
  /** Pick-up: where the buyer collects ('' = at the shop). */
  pickupPointName: z.string(),
  buyerNote: z.string(),
  /** Form: its name, and the first answers of the submitter ('姓名：张三'). */
  formName: z.string(),
  answers: z.array(z.object({ label: z.string(), value: z.string() })),
  /** Whether 确认核销 can go ahead; else `refusal` says why ('该订单已核销，请勿重复核销', '您不是该自提点的核销员'). */
  takeable: z.boolean(),
  refusal: z.string(),
  /** When it was verified, and by whom ('' before). */
  takeTime: z.string(),
  takeStaff: z.string(),
});
export const verifyCheckData = z.object({ matches: z.array(verifyMatch) });

export const verifyListBody = listQuery.extend({
  /** '' every kind. */
  kind: z.enum(['', 'pickup', 'form'], { error: '核销类型不正确' }).optional().default(''),
  staffUserId: z
    .union([z.literal(''), z.uuid({ error: '核销人不正确' })])
    .optional()
    .default(''),
  stime: z.string({ error: '开始时间格式不正确' }).trim().max(30, '开始时间格式不正确').optional().default(''),
  endtime: z.string({ error: '结束时间格式不正确' }).trim().max(30, '结束时间格式不正确').optional().default(''),
});
/** One verification (核销记录). */
export const verifyListRow = z.object({
  id: z.string(),
  kind: z.string(),
  kindText: z.string(),
  code: z.string(),
  orderId: z.string(),
  orderNo: z.string(),
  /** Goods titles (pick-up) or the form's name. */
  what: z.string(),
  amount: yuanOut(),
  staffName: z.string(),
  pickupPointName: z.string(),
  createTime: z.string(),
});
export const verifyStaffBody = z.object({ keyword: z.string().trim().max(50, '关键字不能超过50个字').optional().default('') });
export const verifyStaffOptions = z.array(z.object({ id: z.string(), name: z.string() }));
export type VerifyMatch = z.output<typeof verifyMatch>;
