import { z } from 'zod';
import { yuanOut } from '../core/money';
import { listQuery } from '../core/endpoint';

/** Form order states (the spec shows none; these follow Youzan's order life). */
export const FORM_ORDER_STATUS = {
  unpaid: 0,
  /** Paid; waiting to be verified at the shop (or done when no verification is needed). */
  paid: 1,
  done: 2,
  cancelled: 3,
  refunded: 4,
} as const;

export const FORM_ORDER_STATUS_TEXT: Record<number, string> = {
  0: '待支付',
  1: '待核销',
  2: '已完成',
  3: '已取消',
  4: '已退款',
};

export const formOrderListBody = listQuery.extend({
  /** -1 all. */
  status: z.coerce.number().int().min(-1).max(4).optional().default(-1),
  stime: z.string().trim().optional().default(''),
  endtime: z.string().trim().optional().default(''),
});

export const formOrderRow = z.object({
  id: z.string(),
  orderNo: z.string(),
  formID: z.string(),
  formName: z.string(),
  phone: z.string(),
  amount: yuanOut(),
  status: z.number().int(),
  statusText: z.string(),
  needVerify: z.boolean(),
  payTime: z.string(),
  createTime: z.string(),
});

export const FORM_ORDER_SORT_FIELDS = ['orderNo', 'amount', 'status', 'createTime', 'payTime'] as const;

export const formOrderDetail = formOrderRow.extend({
  submissionId: z.string(),
  sellerNotes: z.string(),
  cancelReason: z.string(),
  refundTime: z.string(),
  verifyTime: z.string(),
  verifyBy: z.string(),
  items: z.array(
    z.object({
      lbText: z.string(),
      itemType: z.number().int(),
      formDecimal: z.number().nullable(),
      formText: z.string(),
      startTime: z.string(),
    }),
  ),
  timeline: z.array(z.object({ time: z.string(), text: z.string() })),
});

export const notesBody = z.object({
  id: z.string({ error: '缺少订单' }).uuid('订单不正确'),
  notes: z.string().trim().max(500, '备注不能超过500个字'),
});
export const cancelBody = z.object({
  id: z.string({ error: '缺少订单' }).uuid('订单不正确'),
  reason: z.string({ error: '请输入取消原因' }).trim().min(1, '请输入取消原因').max(200, '取消原因不能超过200个字'),
});
export const verifyCodeBody = z.object({
  code: z
    .string({ error: '请输入核销码' })
    .trim()
    .regex(/^\d{8}$/, '核销码为8位数字'),
});
export const takeListBody = listQuery.extend({
  stime: z.string().trim().optional().default(''),
  endtime: z.string().trim().optional().default(''),
});
export const takeRow = z.object({
  id: z.string(),
  orderNo: z.string(),
  formName: z.string(),
  code: z.string(),
  staffName: z.string(),
  createTime: z.string(),
});
