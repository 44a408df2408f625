import { lazy } from 'react';

/** The delivery screens (配送), by menu path. */
export const deliveryScreens = {
  '/distributionSet': lazy(() => import('./distribution/distribution-set-page')),
  '/EditPickUp': lazy(() => import('./pickup/edit-pickup-page')),
  '/NewFreightTem': lazy(() => import('./freight/freight-page')),
  '/Express/buyrecord': lazy(() => import('./express/buy-record-page')),
  '/verificationTool': lazy(() => import('./verify/verification-tool-page')),
  '/TakeList': lazy(() => import('./verify/take-list-page')),
};
