import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { uuid } from '../core/fields';
import { yuanField, yuanOut } from '../core/money';

/** Level orders (等级订单) and rights-card orders (权益卡订单): one table, `kind` tells them apart. */
export const MEMBER_ORDER_KIND = { level: 1, card: 2 } as const;
export type MemberOrderKind = (typeof MEMBER_ORDER_KIND)[keyof typeof MEMBER_ORDER_KIND];
export const MEMBER_ORDER_KIND_TEXT: Record<number, string> = { 1: '付费等级', 2: '权益卡' };

/** 0 待支付 → 1 已完成 (paid: granted) | 2 已取消; 1 → 3 已退款 (refunded in full); 2 → 3 (a paid card order cancelled: its refund went through). */
export const MEMBER_ORDER_STATUS = { unpaid: 0, done: 1, cancelled: 2, refunded: 3 } as const;
export const MEMBER_ORDER_STATUS_TEXT: Record<number, string> = { 0: '待支付', 1: '已完成', 2: '已取消', 3: '已退款' };

export const MEMBER_ORDER_MISSING_MSG = '订单不存在';
/** Minutes an unpaid order waits for its payment before it cancels itself. */
export const MEMBER_ORDER_PAY_MINUTES = 30;
export const MEMBER_ORDER_EXPIRED_REASON = '超时未支付，自动取消';

export const MEMBER_ORDER_SORT_FIELDS = ['createTime', 'payTime', 'amount'] as const;

export const memberOrderListBody = listQuery.extend({
  /** -1 all. */
  status: z.coerce.number().int().min(-1, '订单状态不正确').max(3, '订单状态不正确').optional().default(-1),
  orderNo: z.string().trim().max(40, '订单号不能超过40个字').optional().default(''),
  phone: z.string().trim().max(20, '会员手机号不能超过20个字').optional().default(''),
  /** The level (level orders) or card (card orders) bought; '' any. */
  itemId: z
    .union([z.literal(''), uuid('等级或权益卡')])
    .optional()
    .default(''),
  stime: z.string().trim().max(30, '开始时间不正确').optional().default(''),
  endtime: z.string().trim().max(30, '结束时间不正确').optional().default(''),
});

export const memberOrderRow = z.object({
  id: z.string(),
  orderNo: z.string(),
  kind: z.number().int(),
  memberId: z.string(),
  memberName: z.string(),
  phone: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  price: yuanOut(),
  validDays: z.number().int(),
  amount: yuanOut(),
  refunded: yuanOut(),
  status: z.number().int(),
  statusText: z.string(),
  payTime: z.string(),
  createTime: z.string(),
});

/** The list with each status tab's count under the same filters. */
export const memberOrderList = z.object({
  rows: z.array(memberOrderRow),
  total_count: z.number().int(),
  counts: z.object({ all: z.number().int(), 0: z.number().int(), 1: z.number().int(), 2: z.number().int(), 3: z.number().int() }),
});

export const memberOrderDetail = memberOrderRow.extend({
  validText: z.string(),
  sellerNotes: z.string(),
  cancelReason: z.string(),
  cancelTime: z.string(),
  refundTime: z.string(),
  /** What the payment gave: from / until of the level or card (grantStart '' before payment). */
  grantStart: z.string(),
  grantEnd: z.string(),
  cardNo: z.string(),
  payOrderId: z.string(),
  /** What may still be refunded (yuan). */
  refundable: yuanOut(),
  timeline: z.array(z.object({ time: z.string(), text: z.string() })),
});

export const memberOrderIdBody = z.object({ id: uuid('订单') });
export const memberOrderNotesBody = z.object({
  id: uuid('订单'),
  notes: z.string({ error: '请输入卖家备注' }).trim().max(500, '卖家备注不能超过500个字'),
});
export const memberOrderCancelBody = z.object({
  id: uuid('订单'),
  reason: z.string({ error: '请输入取消原因' }).trim().min(1, '请输入取消原因').max(200, '取消原因不能超过200个字'),
});
export const lvRefundBody = z.object({
  id: uuid('订单'),
  amount: yuanField('退款金额', { min: 0.01 }),
  reason: z.string({ error: '请输入退款原因' }).trim().min(1, '请输入退款原因').max(200, '退款原因不能超过200个字'),
});

// ---- The member centre (H5) ----

export const h5MemberOrderBuyBody = z.object({
  kind: z.union([z.literal(1), z.literal(2)], { error: '购买类型不正确' }),
  /** The paid level or the paid card. */
  id: uuid('购买项目'),
});
export const h5MemberOrderPay = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  qr_code: z.string(),
  total: yuanOut(),
});
export const h5MemberOrderListBody = listQuery.extend({
  kind: z.union([z.literal(1), z.literal(2)], { error: '订单类型不正确' }),
});
export const h5MemberOrderRow = z.object({
  id: z.string(),
  orderNo: z.string(),
  kind: z.number().int(),
  itemName: z.string(),
  amount: yuanOut(),
  refunded: yuanOut(),
  status: z.number().int(),
  statusText: z.string(),
  grantEnd: z.string(),
  createTime: z.string(),
  payTime: z.string(),
  /** The payment link while the order waits for payment ('' otherwise). */
  qr_code: z.string(),
});
