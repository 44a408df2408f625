import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { phone, requiredText, uuid } from '../core/fields';
import { yuanOut } from '../core/money';
import { EXPRESS_COMPANIES } from './express-companies';
import { GOODS_ORDER_CANCEL_REASONS } from './goods-order-states';

// The console's goods orders (/Order/GoodsOrder/…). Money answers are yuan (fen inside the server); times are
// 'YYYY-MM-DD HH:mm:ss' in China time, '' when not yet.

/** The list's tabs: -1 全部, 0 待付款, 1 待发货, 2 已发货, 3 已完成, 4 已关闭 (statuses), 5 售后中 (the flag). */
export const GOODS_ORDER_TABS = [
  { tab: -1, text: '全部' },
  { tab: 0, text: '待付款' },
  { tab: 1, text: '待发货' },
  { tab: 2, text: '已发货' },
  { tab: 3, text: '已完成' },
  { tab: 4, text: '已关闭' },
  { tab: 5, text: '售后中' },
] as const;
export const GOODS_ORDER_AFTER_SALE_TAB = 5;
/** A tab's count is exact up to this; past it the console shows '9999+' (counted = bound + 1, capped true). */
export const GOODS_ORDER_TAB_COUNT_BOUND = 9999;

/** The payment methods an order may carry (pay_orders' provider), for the filter and the text. */
export const GOODS_PAY_METHOD_TEXT: Record<string, string> = { sandbox: '沙箱支付', wechat: '微信支付', alipay: '支付宝' };

export const GOODS_ORDER_SORT_FIELDS = ['createTime', 'payTime', 'payAmount'] as const;

/** The list's filters (also the export's). */
export const goodsOrderFilter = z.object({
  /** GOODS_ORDER_TABS' tab; -1 all. */
  tab: z.coerce
    .number({ error: '订单状态不正确' })
    .int('订单状态不正确')
    .min(-1, '订单状态不正确')
    .max(5, '订单状态不正确')
    .optional()
    .default(-1),
  /** Exact order number (G + 18 digits). */
  orderNo: z.string({ error: '订单编号格式不正确' }).trim().max(40, '订单编号不能超过40个字').optional().default(''),
  /** Part of a goods title in the order's lines. */
  goodsTitle: z.string({ error: '商品名称格式不正确' }).trim().max(50, '商品名称不能超过50个字').optional().default(''),
  /** The buyer's phone (the member's, as when ordering), exact. */
  memberPhone: z.string({ error: '买家手机号格式不正确' }).trim().max(11, '买家手机号不能超过11位').optional().default(''),
  /** What the time range reads: create = 下单时间, pay = 付款时间. */
  timeType: z.enum(['create', 'pay'], { error: '时间类型不正确' }).optional().default('create'),
  stime: z.string({ error: '开始时间格式不正确' }).trim().max(30, '开始时间格式不正确').optional().default(''),
  endtime: z.string({ error: '结束时间格式不正确' }).trim().max(30, '结束时间格式不正确').optional().default(''),
  /** 0 all, 1 快递发货, 2 到店自提, 3 同城配送. */
  deliveryMethod: z.coerce
    .number({ error: '配送方式不正确' })
    .int('配送方式不正确')
    .min(0, '配送方式不正确')
    .max(3, '配送方式不正确')
    .optional()
    .default(0),
  /** '' all, else a GOODS_PAY_METHOD_TEXT key. */
  payMethod: z.string({ error: '支付方式不正确' }).trim().max(20, '支付方式不正确').optional().default(''),
});
export type GoodsOrderFilter = z.output<typeof goodsOrderFilter>;

/**
 * orderList: a page of the filtered orders. `keyword` (of listQuery) is read as an order number when it looks like
 * one (G…), a phone when 11 digits, else part of a goods title. Sort: GOODS_ORDER_SORT_FIELDS, newest first by default.
 */
export const goodsOrderListBody = listQuery.extend(goodsOrderFilter.shape);

/** A line as lists show it. */
export const goodsOrderLineBrief = z.object({
  id: z.string(),
  title: z.string(),
  /** The chosen spec values ('红色 / XL'). */
  skuText: z.string(),
  image: z.string(),
  /** Unit price paid (yuan). */
  price: yuanOut(),
  qty: z.number().int(),
  /** 限时折扣 / 秒杀 when a goods activity priced the line, else ''. */
  activityTag: z.string(),
});

export const goodsOrderRow = z.object({
  id: z.string(),
  orderNo: z.string(),
  /** First line's title, ' 等N件' when more. */
  title: z.string(),
  lines: z.array(goodsOrderLineBrief),
  memberId: z.string(),
  /** The buyer's phone when ordering. */
  memberPhone: z.string(),
  /** The consignee (address name), '' for pick-up orders. */
  consignee: z.string(),
  /** 1 快递发货, 2 到店自提, 3 同城配送. */
  deliveryMethod: z.number().int(),
  deliveryText: z.string(),
  /** 0 待付款, 1 待发货, 2 已发货, 3 已完成, 4 已关闭. */
  status: z.number().int(),
  statusText: z.string(),
  /** 售后中: an after-sales case is open. */
  afterSaleOpen: z.boolean(),
  /** Units shipped in parcels so far / all units (partial shipping shows 部分发货). */
  shippedQty: z.number().int(),
  totalQty: z.number().int(),
  /** Goods total, discounts, freight, the amount to pay, what was paid and refunded (yuan). */
  goodsAmount: yuanOut(),
  discountAmount: yuanOut(),
  freightAmount: yuanOut(),
  payAmount: yuanOut(),
  paidAmount: yuanOut(),
  refundedAmount: yuanOut(),
  payMethod: z.string(),
  payMethodText: z.string(),
  buyerNote: z.string(),
  sellerNote: z.string(),
  createTime: z.string(),
  payTime: z.string(),
  shippedTime: z.string(),
  completedTime: z.string(),
  closedTime: z.string(),
});

/** orderList's answer: the page, and every tab's count (for the renter's whole list, not the filters). */
export const goodsOrderListData = z.object({
  rows: z.array(goodsOrderRow),
  total_count: z.number().int(),
  total_estimated: z.boolean().optional(),
  tabs: z.array(z.object({ tab: z.number().int(), text: z.string(), count: z.number().int(), capped: z.boolean() })),
});

export const goodsOrderAddress = z.object({
  name: z.string(),
  phone: z.string(),
  /** Province, city, district codes. */
  area: z.array(z.string()),
  /** 省 市 区 as text. */
  areaText: z.string(),
  address: z.string(),
});

export const goodsOrderLine = goodsOrderLineBrief.extend({
  goodsId: z.string(),
  skuId: z.string(),
  /** Unit price × qty (yuan), and the discount on the line. */
  lineAmount: yuanOut(),
  discountAmount: yuanOut(),
  /** Units in parcels, refunded, and still to ship (qty − shipped − refunded). */
  shippedQty: z.number().int(),
  refundedQty: z.number().int(),
  toShipQty: z.number().int(),
});

export const goodsOrderParcel = z.object({
  id: z.string(),
  companyCode: z.string(),
  companyName: z.string(),
  trackingNo: z.string(),
  /** The lines in the parcel, with how many units of each. */
  items: z.array(z.object({ lineId: z.string(), title: z.string(), skuText: z.string(), qty: z.number().int() })),
  shippedTime: z.string(),
});

/** orderDetail: the detail page (order, address or pick-up, lines, amounts, parcels, timeline). */
export const goodsOrderDetail = goodsOrderRow.extend({
  address: goodsOrderAddress.nullable(),
  pickupPointId: z.string(),
  /** The 8-digit pick-up code (自提, once paid), '' otherwise. */
  pickupCode: z.string(),
  closeReason: z.string(),
  detailLines: z.array(goodsOrderLine),
  parcels: z.array(goodsOrderParcel),
  /** The timeline, oldest first: what happened, by whom (staff name, 买家, 系统), with the note (a cancel reason…). */
  logs: z.array(z.object({ time: z.string(), action: z.string(), actorName: z.string(), note: z.string() })),
});

/** GetOrderDetail: what the 发货 dialog needs (the lines with what is left to ship, the address, the parcels so far). */
export const goodsOrderShipInfo = z.object({
  id: z.string(),
  orderNo: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  deliveryMethod: z.number().int(),
  deliveryText: z.string(),
  address: goodsOrderAddress.nullable(),
  buyerNote: z.string(),
  lines: z.array(goodsOrderLine),
  parcels: z.array(goodsOrderParcel),
  companies: z.array(z.object({ code: z.string(), name: z.string() })),
});

const orderId = uuid('订单');

export const goodsOrderIdBody = z.object({ id: orderId });

export const goodsOrderNotesBody = z.object({
  id: orderId,
  notes: z.string({ error: '卖家备注格式不正确' }).trim().max(500, '卖家备注不能超过500个字'),
});

/** EditOrderAddress: the new consignee and address (before shipping only). */
export const goodsOrderAddressBody = z.object({
  id: orderId,
  name: requiredText('收货人', 20),
  phone: phone('请输入收货人手机号'),
  area: z.array(z.string().trim().max(12, '所在地区不正确'), { error: '请选择所在地区' }).min(1, '请选择所在地区').max(3, '所在地区不正确'),
  areaText: z.string({ error: '所在地区不正确' }).trim().max(50, '所在地区不正确').optional().default(''),
  address: requiredText('详细地址', 100),
});

/** CancelOrder: one of GetCancelResion's reasons; '其他原因' may say more in remark. A paid order is refunded in full. */
export const goodsOrderCancelBody = z.object({
  id: orderId,
  reason: z.enum(GOODS_ORDER_CANCEL_REASONS, { error: '请选择取消原因' }),
  remark: z.string({ error: '补充说明格式不正确' }).trim().max(100, '补充说明不能超过100个字').optional().default(''),
});

const companyCode = z
  .string({ error: '请选择快递公司' })
  .trim()
  .min(1, '请选择快递公司')
  .refine((c) => EXPRESS_COMPANIES.some((x) => x.code === c), '快递公司不正确');
const trackingNo = z
  .string({ error: '请输入快递单号' })
  .trim()
  .min(1, '请输入快递单号')
  .max(40, '快递单号不能超过40个字符')
  .regex(/^[A-Za-z0-9-]+$/, '快递单号只能包含字母、数字和-');

/** A parcel: company, tracking number, and the lines in it (none named: every unit still to ship). */
export const goodsParcelInput = z.object({
  companyCode,
  trackingNo,
  items: z
    .array(
      z.object({
        lineId: uuid('商品行'),
        qty: z.coerce.number({ error: '发货数量不正确' }).int('发货数量须为整数').min(1, '发货数量至少为1'),
      }),
    )
    .max(100, '一个包裹最多100个商品行')
    .optional()
    .default([]),
});

/** AddLogistics: one or more parcels for one order (快递 / 同城). */
export const addLogisticsBody = z.object({
  id: orderId,
  parcels: z.array(goodsParcelInput, { error: '请填写包裹' }).min(1, '请填写包裹').max(20, '一次最多20个包裹'),
});
export const addLogisticsData = z.object({
  /** True when every unit is now in a parcel (the order moved to 已发货). */
  shipped: z.boolean(),
  status: z.number().int(),
  statusText: z.string(),
});

/** BatchAddLogistics (批量发货): each row ships every unit still to ship of the order in one parcel. */
export const batchAddLogisticsBody = z.object({
  rows: z
    .array(
      z.object({
        orderNo: z.string({ error: '请输入订单编号' }).trim().min(1, '请输入订单编号').max(40, '订单编号不能超过40个字'),
        companyCode,
        trackingNo,
      }),
      { error: '请填写发货信息' },
    )
    .min(1, '请填写发货信息')
    .max(200, '一次最多批量发货200个订单'),
});
export const batchAddLogisticsData = z.object({
  /** Each row's own result, in the order sent. */
  rows: z.array(z.object({ orderNo: z.string(), ok: z.boolean(), msg: z.string() })),
  okCount: z.number().int(),
  failCount: z.number().int(),
});

/** GetLogisticsRecord: every parcel of the order with its tracking timeline (newest first). */
export const logisticsRecordData = z.object({
  parcels: z.array(
    goodsOrderParcel.extend({
      /** 0 待揽收, 1 已揽收, 2 运输中, 3 派送中, 4 已签收. */
      state: z.number().int(),
      stateText: z.string(),
      traces: z.array(z.object({ time: z.string(), text: z.string() })),
    }),
  ),
});

/** GetCancelResion: the reasons CancelOrder takes. */
export const cancelReasonsData = z.object({ reasons: z.array(z.string()) });

const pickupCode = z
  .string({ error: '请输入核销码' })
  .trim()
  .regex(/^\d{8}$/, '核销码为8位数字');
export const goodsPickupCodeBody = z.object({ code: pickupCode });

/** takeOrder: the order behind a pick-up code, before it is verified. */
export const takePreview = z.object({
  id: z.string(),
  orderNo: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  title: z.string(),
  lines: z.array(goodsOrderLineBrief),
  payAmount: yuanOut(),
  memberPhone: z.string(),
  pickupPointId: z.string(),
  buyerNote: z.string(),
  /** Whether 核销 can go ahead; else `refusal` says why ('该订单已核销，请勿重复核销'). */
  takeable: z.boolean(),
  refusal: z.string(),
  createTime: z.string(),
  payTime: z.string(),
});

export const goodsTakeListBody = listQuery.extend({
  stime: z.string({ error: '开始时间格式不正确' }).trim().max(30, '开始时间格式不正确').optional().default(''),
  endtime: z.string({ error: '结束时间格式不正确' }).trim().max(30, '结束时间格式不正确').optional().default(''),
});
/** takeList row: one verification (核销记录): keyword matches the code or the order number, exactly. */
export const goodsTakeRow = z.object({
  id: z.string(),
  orderNo: z.string(),
  title: z.string(),
  code: z.string(),
  /** The staff member who verified (name, else phone). */
  staffName: z.string(),
  createTime: z.string(),
});

/**
 * Hub event (enterprise room) when a goods order is paid: the console shows a notice and plays a sound. Sent beside
 * the stored notice (消息提醒, receiveTTSNotice). Payload: GoodsOrderPaidPush.
 */
export const GOODS_ORDER_PAID_EVENT = 'goodsOrderPaid';
export interface GoodsOrderPaidPush {
  orderId: string;
  orderNo: string;
  /** Paid amount, yuan. */
  amount: number;
  title: string;
  paidTime: string;
}
