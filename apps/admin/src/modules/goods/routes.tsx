import { lazy } from 'react';

/** The goods screens, by menu path. */
export const goodsScreens = {
  '/Catelist': lazy(() => import('./cate-list/cate-list-page')),
  '/Unit': lazy(() => import('./unit-list/unit-list-page')),
};
