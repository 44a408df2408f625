import { lazy } from 'react';

/** The order screens, by menu path. */
export const ordersScreens = {
  '/GoodsOrderList': lazy(() => import('./goods-orders/goods-order-list-page')),
  '/GoodsOrderDetail': lazy(() => import('./goods-orders/goods-order-detail-page')),
  '/FormOrderList': lazy(() => import('./form-order-list/form-order-list-page')),
  '/FormOrderDetail': lazy(() => import('./form-order-detail/form-order-detail-page')),
};
