import { lazy } from 'react';

/** The shop screens, by menu path. */
export const shopScreens = {
  '/storeInformation': lazy(() => import('./store-info/store-info-page')),
  '/qiantaiset': lazy(() => import('./home-set/home-set-page')),
  '/editreaddress': lazy(() => import('./return-address/return-address-page')),
  '/paymentMethod': lazy(() => import('./payment-method/payment-method-page')),
  '/currency': lazy(() => import('./general-set/general-set-page')),
};
