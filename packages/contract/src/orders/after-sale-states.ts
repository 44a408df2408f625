// The after-sale request's types and states without zod, so the H5 shop's pages can read them (h5-orders' tab
// constants live in goods-order-states.ts for the same reason); after-sales.schemas.ts re-exports them.

/** Most images (凭证图片) a buyer attaches to a request. */
export const AFTER_SALE_IMAGES_MAX = 6;

/** 1 仅退款, 2 退货退款, 3 换货. */
export const AFTER_SALE_TYPE = { refund: 1, returnRefund: 2, exchange: 3 } as const;
export const AFTER_SALE_TYPE_TEXT: Record<number, string> = { 1: '仅退款', 2: '退货退款', 3: '换货' };

/** The states of a request (orders README "After-sale states"). 1–6 are open (the order shows 售后中). */
export const AFTER_SALE_STATUS = {
  pending: 1,
  toReturn: 2,
  returning: 3,
  toRefund: 4,
  refunding: 5,
  toResend: 6,
  done: 7,
  refused: 8,
  cancelled: 9,
  closed: 10,
} as const;
export const AFTER_SALE_STATUS_TEXT: Record<number, string> = {
  1: '待商家处理',
  2: '待买家退货',
  3: '待商家收货',
  4: '待商家退款',
  5: '退款中',
  6: '待商家发货',
  7: '已完成',
  8: '已拒绝',
  9: '已撤销',
  10: '已关闭',
};
export const AFTER_SALE_OPEN_STATUSES = [1, 2, 3, 4, 5, 6] as const;
