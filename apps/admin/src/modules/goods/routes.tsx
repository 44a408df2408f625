import { lazy } from 'react';

const GoodsEdit = lazy(() => import('./goods-edit/goods-edit-page'));

/** The goods screens, by menu path. */
export const goodsScreens = {
  '/Goodlist': lazy(() => import('./goods-list/goods-list-page')),
  '/addgoods': GoodsEdit,
  '/editfrom': GoodsEdit,
  '/Catelist': lazy(() => import('./cate-list/cate-list-page')),
  '/Unit': lazy(() => import('./unit-list/unit-list-page')),
};
