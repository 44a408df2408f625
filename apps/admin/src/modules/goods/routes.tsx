import { lazy } from 'react';

const GoodsEdit = lazy(() => import('./goods-edit/goods-edit-page'));

/** The goods screens, by menu path. */
export const goodsScreens = {
  '/Goodlist': lazy(() => import('./goods-list/goods-list-page')),
  '/addgoods': GoodsEdit,
  '/editfrom': GoodsEdit,
  '/Catelist': lazy(() => import('./cate-list/cate-list-page')),
  '/Unit': lazy(() => import('./unit-list/unit-list-page')),
  '/Glist': lazy(() => import('./glist/glist-page')),
  '/goodsList': lazy(() => import('./goods-sku-list/goods-sku-list-page')),
  '/goodsSort': lazy(() => import('./goods-sort/goods-sort-page')),
  '/SaveGood': lazy(() => import('./save-result/save-result-page')),
  '/addspecification': lazy(() => import('./spec-templates/spec-templates-page')),
  '/AGood': lazy(() => import('./points-goods/points-goods-list-page')),
  '/AGoodEdit': lazy(() => import('./points-goods/points-goods-edit-page')),
};
