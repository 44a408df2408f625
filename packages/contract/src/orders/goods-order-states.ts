/** Goods order states (商品订单, apps/server/src/modules/orders/README.md "Goods order states"). */
export const GOODS_ORDER_STATUS = { unpaid: 0, toShip: 1, shipped: 2, done: 3, closed: 4 } as const;
export type GoodsOrderStatus = (typeof GOODS_ORDER_STATUS)[keyof typeof GOODS_ORDER_STATUS];

export const GOODS_ORDER_STATUS_TEXT: Record<number, string> = {
  0: '待付款',
  1: '待发货',
  2: '已发货',
  3: '已完成',
  4: '已关闭',
};

/** 1 快递, 2 自提, 3 同城: the goods' `delivery` keys express / pickup / local. */
export const DELIVERY_METHOD = { express: 1, pickup: 2, local: 3 } as const;
export const DELIVERY_METHOD_TEXT: Record<number, string> = { 1: '快递发货', 2: '到店自提', 3: '同城配送' };
export const DELIVERY_KEY: Record<number, string> = { 1: 'express', 2: 'pickup', 3: 'local' };

/** 取消原因 the console offers (GetCancelResion). */
export const GOODS_ORDER_CANCEL_REASONS = ['买家不想要了', '买家信息填写错误', '商品缺货', '无法联系上买家', '其他原因'] as const;

/** The tabs of 我的订单: 全部 (closed orders too), 待付款, 待发货, 待收货 (shipped), 已完成. */
export const MY_ORDER_TABS = ['all', 'unpaid', 'toShip', 'shipped', 'done'] as const;
export const MY_ORDER_TAB_TEXT: Record<(typeof MY_ORDER_TABS)[number], string> = {
  all: '全部',
  unpaid: '待付款',
  toShip: '待发货',
  shipped: '待收货',
  done: '已完成',
};
