import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { yuanOut } from '../core/money';
import { addressFields } from './address-rules';
import { MY_ORDER_TABS } from './goods-order-states';

// Schemas of the customer side's goods-order calls (/h5/Cart, /h5/Address, /h5/Order): orders README "Customer side".

/** Most SKUs a member's cart holds, most addresses a member keeps, most units of one line. */
export const CART_MAX_LINES = 100;
export const ADDRESS_MAX = 20;
export const LINE_QTY_MAX = 999;

const qty = (label = '购买数量') =>
  z
    .number({ error: `请输入${label}` })
    .int(`${label}须为整数`)
    .min(1, `${label}至少为1`)
    .max(LINE_QTY_MAX, `${label}不能超过${LINE_QTY_MAX}`);

const id = (label: string) => z.string({ error: `缺少${label}` }).uuid(`${label}不存在`);

export const h5IdBody = z.object({ id: id('id') });

// ---- 购物车 -----------------------------------------------------------------------------------------------------

export const cartAddBody = z.object({ skuId: id('商品规格'), qty: qty() });
export const cartSetQtyBody = z.object({ id: id('购物车商品'), qty: qty() });
export const cartRemoveBody = z.object({
  ids: z.array(id('购物车商品'), { error: '请选择要删除的商品' }).min(1, '请选择要删除的商品').max(CART_MAX_LINES, '一次最多删除100件商品'),
});

/** Why a cart line cannot be bought now ('' when it can). */
export const CART_INVALID = ['下架', '未开售', '售罄', '库存不足', '规格已失效'] as const;

/** A cart line with the goods as they are now (current title, image, price, stock). */
export const cartLine = z.object({
  id: z.string(),
  goodsId: z.string(),
  skuId: z.string(),
  title: z.string(),
  image: z.string(),
  /** The SKU's spec values joined by spaces ('红色 XL'); '' for a goods without specs. */
  skuText: z.string(),
  /** The current unit price, yuan. */
  price: yuanOut(),
  stock: z.number().int(),
  qty: z.number().int(),
  /** 每人限购 (0: none). */
  purchaseLimit: z.number().int(),
  /** '' buyable; else 下架, 未开售, 售罄, 库存不足, 规格已失效. */
  invalid: z.string(),
});

export const cartCount = z.object({
  /** Lines (SKUs) in the cart: the tab badge. */
  lines: z.number().int(),
  units: z.number().int(),
});

export const cartList = z.object({ rows: z.array(cartLine), count: cartCount });
export const cartAdded = z.object({ id: z.string(), qty: z.number().int(), count: cartCount });

// ---- 收货地址 ---------------------------------------------------------------------------------------------------

/** The fields are the contract's zod/mini ones (address-rules.ts), which the H5 shop checks its form with too. */
export const addressSaveBody = z.object({
  /** Absent: a new address. */
  id: id('收货地址').optional(),
  ...addressFields.shape,
  isDefault: z.boolean({ error: '是否默认不正确' }).optional(),
});

export const addressRow = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  area: z.array(z.string()),
  /** '广东省 深圳市 南山区'. */
  areaText: z.string(),
  address: z.string(),
  isDefault: z.boolean(),
});

// ---- 下单 -------------------------------------------------------------------------------------------------------

const deliveryMethod = z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '配送方式不正确' });

/**
 * What to buy: cart lines (cartIds), or one SKU directly (立即购买: skuId + qty) when no cart line is named; how it
 * is delivered, and where (a saved address; the default one when none is named) or the pick-up point.
 */
export const orderPreviewBody = z.object({
  cartIds: z.array(id('购物车商品')).max(CART_MAX_LINES, '一次最多购买100件商品').optional().default([]),
  skuId: id('商品规格').optional(),
  qty: qty().optional(),
  /** 1 快递, 2 自提, 3 同城; absent: the first method every goods offers. */
  deliveryMethod: deliveryMethod.optional(),
  addressId: id('收货地址').optional(),
  pickupPointId: id('自提点').optional(),
});

export const orderSubmitBody = orderPreviewBody.extend({
  deliveryMethod,
  buyerNote: z.string({ error: '买家留言格式不正确' }).trim().max(200, '买家留言不能超过200个字').optional().default(''),
  /** One per tap of 提交订单, made by the page: the same key answers the same order (a double tap places one). */
  requestKey: z
    .string({ error: '缺少请求标识' })
    .trim()
    .min(8, '请求标识不正确')
    .max(64, '请求标识不正确')
    .regex(/^[\w-]+$/, '请求标识不正确'),
});

export const orderLineOut = z.object({
  goodsId: z.string(),
  skuId: z.string(),
  title: z.string(),
  skuText: z.string(),
  image: z.string(),
  price: yuanOut(),
  qty: z.number().int(),
  /** price × qty. */
  amount: yuanOut(),
  discount: yuanOut(),
  /** 限时折扣 / 秒杀 when a goods activity prices the line, else ''. */
  activityTag: z.string(),
});

export const deliveryOption = z.object({ value: z.number().int(), label: z.string() });

/** The pricing function's figures, as the submit will store them (no write). */
export const orderPreview = z.object({
  lines: z.array(orderLineOut),
  goods: yuanOut(),
  discount: yuanOut(),
  freight: yuanOut(),
  total: yuanOut(),
  /** Delivery methods every goods of the order offers. */
  methods: z.array(deliveryOption),
  deliveryMethod: z.number().int(),
  /** The address priced (the named one, else the default), null for 自提 or when the member has none. */
  address: addressRow.nullable(),
});

export const orderSubmitted = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  total: yuanOut(),
  /** The pay link (sandbox page in development); '' when nothing is to be paid. */
  qr_code: z.string(),
});

// ---- 我的订单 ---------------------------------------------------------------------------------------------------

export const myOrderListBody = listQuery.pick({ page_index: true, page_size: true }).extend({
  tab: z.enum(MY_ORDER_TABS, { error: '订单状态不正确' }).optional().default('all'),
});

const myLine = z.object({
  id: z.string(),
  goodsId: z.string(),
  skuId: z.string(),
  title: z.string(),
  skuText: z.string(),
  image: z.string(),
  price: yuanOut(),
  qty: z.number().int(),
  /** 限时折扣 / 秒杀 when a goods activity priced the line, else ''. */
  activityTag: z.string(),
});

export const myOrderRow = z.object({
  id: z.string(),
  orderNo: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  deliveryMethod: z.number().int(),
  total: yuanOut(),
  /** Units in the order. */
  units: z.number().int(),
  createTime: z.string(),
  /** 售后中. */
  afterSale: z.boolean(),
  lines: z.array(myLine),
});

export const myOrderDetail = myOrderRow.extend({
  deliveryText: z.string(),
  address: z
    .object({ name: z.string(), phone: z.string(), area: z.array(z.string()), areaText: z.string(), address: z.string() })
    .nullable(),
  pickupPointId: z.string().nullable(),
  /** The 8-digit pick-up code: only of a paid 自提 order ('' otherwise). */
  pickupCode: z.string(),
  buyerNote: z.string(),
  goods: yuanOut(),
  discount: yuanOut(),
  freight: yuanOut(),
  paid: yuanOut(),
  refunded: yuanOut(),
  payTime: z.string(),
  shipTime: z.string(),
  completeTime: z.string(),
  closeTime: z.string(),
  closeReason: z.string(),
  /** When an unpaid order closes by itself ('' once paid or closed). */
  payDeadline: z.string(),
  /**
   * Seconds left to pay when the server answered (0 once paid, closed or past): the page counts down from it on the
   * phone's own clock, so neither the phone's zone nor its clock being off moves the countdown.
   */
  payLeftSeconds: z.number().int(),
  /** What happened, oldest first, as a buyer may see it (who: 买家, 商家 or 系统; never a staff member's name). */
  timeline: z.array(z.object({ action: z.string(), by: z.string(), note: z.string(), time: z.string() })),
  parcels: z.array(
    z.object({
      companyName: z.string(),
      trackingNo: z.string(),
      shipTime: z.string(),
      items: z.array(z.object({ lineId: z.string(), qty: z.number().int() })),
    }),
  ),
  /** After-sales: 申请售后 is offered while true; the order's requests (售后中 / their state). */
  canApplyAfterSale: z.boolean(),
  afterSales: z.array(
    z.object({ id: z.string(), afterSaleNo: z.string(), typeText: z.string(), status: z.number().int(), statusText: z.string() }),
  ),
});

export const myOrderPay = z.object({ qr_code: z.string() });

export const myPickupCode = z.object({
  orderNo: z.string(),
  code: z.string(),
  /** 1 待提货 (paid), 3 已提货. */
  status: z.number().int(),
  pickupPointId: z.string().nullable(),
});
