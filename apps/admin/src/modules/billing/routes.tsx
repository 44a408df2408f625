import { lazy } from 'react';

/** The billing screens, by menu path. */
export const billingScreens = {
  '/Apphall': lazy(() => import('./app-hall/app-hall-page')),
  '/appmarket/appdesc': lazy(() => import('./app-desc/app-desc-page')),
};
