import { lazy } from 'react';

/** The order screens, by menu path. */
export const ordersScreens = {
  '/GoodsOrderList': lazy(() => import('./goods-orders/goods-order-list-page')),
  '/GoodsOrderDetail': lazy(() => import('./goods-orders/goods-order-detail-page')),
  '/SalesProtection': lazy(() => import('./after-sales/after-sale-list-page')),
  '/SalesProtection/detail': lazy(() => import('./after-sales/after-sale-detail-page')),
  '/FormOrderList': lazy(() => import('./form-order-list/form-order-list-page')),
  '/FormOrderDetail': lazy(() => import('./form-order-detail/form-order-detail-page')),
  // Level and rights-card orders (issue 15, member orders).
  '/LvOrderList': lazy(() => import('./member-orders/member-order-list-page').then((m) => ({ default: m.LvOrderListPage }))),
  '/LvOrderDetail': lazy(() => import('./member-orders/member-order-detail-page').then((m) => ({ default: m.LvOrderDetailPage }))),
  '/VipOrderList': lazy(() => import('./member-orders/member-order-list-page').then((m) => ({ default: m.VipOrderListPage }))),
  '/VipOrderDetail': lazy(() => import('./member-orders/member-order-detail-page').then((m) => ({ default: m.VipOrderDetailPage }))),
};
