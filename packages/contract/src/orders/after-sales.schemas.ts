import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { requiredText, uuid } from '../core/fields';
import { yuanField, yuanOut } from '../core/money';
import { EXPRESS_COMPANIES } from './express-companies';

// 售后维权 (after-sales; the spec's /Order/Service/ 服务单): orders README "After-sales". Money answers are yuan.

import { AFTER_SALE_IMAGES_MAX } from './after-sale-states';

export {
  AFTER_SALE_IMAGES_MAX,
  AFTER_SALE_OPEN_STATUSES,
  AFTER_SALE_STATUS,
  AFTER_SALE_STATUS_TEXT,
  AFTER_SALE_TYPE,
  AFTER_SALE_TYPE_TEXT,
} from './after-sale-states';

/** The list's tabs: -1 全部, 0 处理中 (every open state), then single states. */
export const AFTER_SALE_TABS = [
  { tab: -1, text: '全部' },
  { tab: 0, text: '处理中' },
  { tab: 1, text: '待商家处理' },
  { tab: 2, text: '待买家退货' },
  { tab: 3, text: '待商家收货' },
  { tab: 4, text: '待商家退款' },
  { tab: 7, text: '已完成' },
  { tab: 8, text: '已拒绝' },
  { tab: 11, text: '已撤销/关闭' },
] as const;

/** 申请原因 the buyer chooses from. */
export const AFTER_SALE_REASONS = [
  '不想要了',
  '拍错/多拍',
  '商品与描述不符',
  '质量问题',
  '少件/漏发',
  '包装或商品破损',
  '未按约定时间发货',
  '其他',
] as const;

export const AFTER_SALE_SORT_FIELDS = ['createTime', 'amount'] as const;

const asId = uuid('售后单');
const text = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}不能超过${max}个字`);

export const afterSaleFilter = z.object({
  tab: z.coerce
    .number({ error: '售后状态不正确' })
    .int('售后状态不正确')
    .min(-1, '售后状态不正确')
    .max(11, '售后状态不正确')
    .optional()
    .default(-1),
  /** Exact 售后单号 (S…). */
  afterSaleNo: text('售后单号', 40).optional().default(''),
  /** Exact order number (G…). */
  orderNo: text('订单编号', 40).optional().default(''),
  /** The buyer's phone, exact. */
  memberPhone: text('买家手机号', 11).optional().default(''),
  /** 0 all, else AFTER_SALE_TYPE. */
  type: z.coerce
    .number({ error: '售后类型不正确' })
    .int('售后类型不正确')
    .min(0, '售后类型不正确')
    .max(3, '售后类型不正确')
    .optional()
    .default(0),
  stime: text('开始时间', 30).optional().default(''),
  endtime: text('结束时间', 30).optional().default(''),
});
export type AfterSaleFilter = z.output<typeof afterSaleFilter>;

/** serverlist: keyword is a 售后单号 (S…), an order number (G…) or a phone (11 digits). Sort: createTime, amount. */
export const afterSaleListBody = listQuery.extend(afterSaleFilter.shape);

export const afterSaleItem = z.object({
  lineId: z.string(),
  title: z.string(),
  skuText: z.string(),
  image: z.string(),
  /** Unit price (yuan). */
  price: yuanOut(),
  qty: z.number().int(),
});

export const afterSaleRow = z.object({
  id: z.string(),
  afterSaleNo: z.string(),
  orderId: z.string(),
  orderNo: z.string(),
  memberId: z.string(),
  memberPhone: z.string(),
  type: z.number().int(),
  typeText: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  reason: z.string(),
  items: z.array(afterSaleItem),
  /** What the buyer asks back, what went back (yuan). */
  amount: yuanOut(),
  refundedAmount: yuanOut(),
  createTime: z.string(),
  finishTime: z.string(),
  /** When the next timeout acts ('' none): the merchant's answer, the buyer's return. */
  deadline: z.string(),
});

export const afterSaleListData = z.object({
  rows: z.array(afterSaleRow),
  total_count: z.number().int(),
  total_estimated: z.boolean().optional(),
  tabs: z.array(z.object({ tab: z.number().int(), text: z.string(), count: z.number().int() })),
});

export const returnAddress = z.object({ name: z.string(), phone: z.string(), address: z.string() });

export const afterSaleLog = z.object({
  time: z.string(),
  /** 买家 / 商家 (staff name in the console) / 系统. */
  by: z.string(),
  action: z.string(),
  note: z.string(),
  images: z.array(z.string()),
  amount: yuanOut().nullable(),
});

/** GetServerDetail / the buyer's detail: the request, the order, amounts, parcels, the negotiation history. */
export const afterSaleDetail = afterSaleRow.extend({
  description: z.string(),
  images: z.array(z.string()),
  refuseReason: z.string(),
  /** Where the buyer sends the goods (set when agreed). */
  returnAddress: returnAddress.nullable(),
  /** The buyer's return parcel; the merchant's new parcel of an exchange. */
  returnCompany: z.string(),
  returnTrackingNo: z.string(),
  resendCompany: z.string(),
  resendTrackingNo: z.string(),
  /** Most the merchant may refund on this request now (yuan). */
  refundable: yuanOut(),
  order: z.object({
    id: z.string(),
    orderNo: z.string(),
    status: z.number().int(),
    statusText: z.string(),
    payAmount: yuanOut(),
    paidAmount: yuanOut(),
    refundedAmount: yuanOut(),
    freightAmount: yuanOut(),
    createTime: z.string(),
    payTime: z.string(),
  }),
  logs: z.array(afterSaleLog),
});

/** GetNextServer: the actions allowed now (the buttons). */
export const AFTER_SALE_ACTIONS = ['agree', 'refuse', 'receive', 'refund', 'resend', 'message'] as const;
export type AfterSaleAction = (typeof AFTER_SALE_ACTIONS)[number];
export const afterSaleNext = z.object({
  status: z.number().int(),
  statusText: z.string(),
  actions: z.array(z.object({ action: z.enum(AFTER_SALE_ACTIONS), text: z.string() })),
});

/** GetCheckServerDetail: what the decision dialog needs. */
export const afterSaleCheckInfo = z.object({
  id: z.string(),
  type: z.number().int(),
  typeText: z.string(),
  status: z.number().int(),
  amount: yuanOut(),
  refundable: yuanOut(),
  items: z.array(afterSaleItem),
  /** The enterprise's 退货地址 (the default first; none: the agree of a return is refused). */
  addresses: z.array(returnAddress.extend({ id: z.string(), isDefault: z.boolean() })),
  companies: z.array(z.object({ code: z.string(), name: z.string() })),
});

export const afterSaleIdBody = z.object({ id: asId });

/** CheckService: agree (a refund-only refunds `amount` at once; a return names the address) or refuse with a reason. */
export const afterSaleCheckBody = z.object({
  id: asId,
  agree: z.boolean({ error: '请选择同意或拒绝' }),
  /** Refund-only: yuan to refund now (≤ asked; absent = what was asked). */
  amount: yuanField('退款金额').optional(),
  /** Return / exchange: a 退货地址 id (absent = the default). */
  addressId: uuid('退货地址').optional(),
  reason: text('拒绝原因', 200).optional().default(''),
});

/** AddFlow: a step of the merchant. */
export const afterSaleFlowBody = z.object({
  id: asId,
  action: z.enum(['receive', 'refund', 'resend', 'message'], { error: '操作不正确' }),
  /** refund: yuan (≤ refundable). */
  amount: yuanField('退款金额').optional(),
  /** resend: the new parcel. */
  companyCode: z.string({ error: '请选择快递公司' }).trim().max(20, '快递公司不正确').optional().default(''),
  trackingNo: z.string({ error: '快递单号格式不正确' }).trim().max(40, '快递单号不能超过40个字').optional().default(''),
  note: text('说明', 200).optional().default(''),
});

/** AutoCheckServer: the settings (absent `save`: answer them). */
export const afterSaleSettings = z.object({
  /** Refund-only requests of orders not shipped are agreed (and refunded) at once. */
  autoAgreeUnshipped: z.boolean({ error: '自动同意格式不正确' }),
  /** The merchant not answering within N days → agreed by the system (0 off). */
  replyDays: z.coerce
    .number({ error: '商家处理时限须为整数' })
    .int('商家处理时限须为整数')
    .min(0, '商家处理时限不能小于0')
    .max(30, '商家处理时限不能超过30天'),
  /** The buyer not sending the return within N days → closed. */
  returnDays: z.coerce
    .number({ error: '买家退货时限须为整数' })
    .int('买家退货时限须为整数')
    .min(1, '买家退货时限至少1天')
    .max(30, '买家退货时限不能超过30天'),
  /** A completed order takes requests for N days after completion. */
  applyDays: z.coerce
    .number({ error: '售后期限须为整数' })
    .int('售后期限须为整数')
    .min(0, '售后期限不能小于0')
    .max(90, '售后期限不能超过90天'),
});
export type AfterSaleSettings = z.output<typeof afterSaleSettings>;
export const AFTER_SALE_DEFAULTS: AfterSaleSettings = { autoAgreeUnshipped: false, replyDays: 7, returnDays: 7, applyDays: 7 };
export const afterSaleSettingsBody = z.object({ save: afterSaleSettings.optional() });

// ---- The buyer (H5) ---------------------------------------------------------------------------------------------

export const afterSaleApplyBody = z.object({
  orderId: uuid('订单'),
  type: z.coerce.number({ error: '请选择售后类型' }).int('售后类型不正确').min(1, '售后类型不正确').max(3, '售后类型不正确'),
  items: z
    .array(
      z.object({
        lineId: uuid('商品'),
        qty: z.number({ error: '请输入申请数量' }).int('申请数量须为整数').min(1, '申请数量至少为1').max(999, '申请数量不能超过999'),
      }),
      {
        error: '请选择售后商品',
      },
    )
    .min(1, '请选择售后商品')
    .max(50, '一次最多申请50种商品'),
  reason: z.enum(AFTER_SALE_REASONS, { error: '请选择申请原因' }),
  /** Yuan asked back (≤ refundable; absent = all of it); an exchange asks nothing. */
  amount: yuanField('退款金额').optional(),
  description: text('问题描述', 200).optional().default(''),
  /** Images uploaded by this member through /h5/AfterSale/UpLoad and not used before. */
  images: z
    .array(z.string({ error: '凭证图片格式不正确' }).max(300, '凭证图片格式不正确'), { error: '凭证图片格式不正确' })
    .max(AFTER_SALE_IMAGES_MAX, `凭证图片最多${AFTER_SALE_IMAGES_MAX}张`)
    .optional()
    .default([]),
});

/** /h5/AfterSale/UpLoad: the file only (multipart field `file`). */
export const afterSaleUpLoadBody = z.object({});

/** ApplyInfo: what the apply page shows for an order: each line's units that may be asked for, and the most refundable. */
export const afterSaleApplyInfo = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  /** Types the order may ask for now (1 only while not shipped). */
  types: z.array(z.number().int()),
  lines: z.array(afterSaleItem.extend({ available: z.number().int(), refundable: yuanOut(), open: z.boolean() })),
  reasons: z.array(z.string()),
});
export const afterSaleApplyInfoBody = z.object({ orderId: uuid('订单') });

export const afterSaleReturnShipBody = z.object({
  id: asId,
  companyCode: z.enum(EXPRESS_COMPANIES.map((c) => c.code) as [string, ...string[]], { error: '请选择快递公司' }),
  trackingNo: requiredText('快递单号', 40),
});

export const myAfterSaleListBody = listQuery.pick({ page_index: true, page_size: true });
