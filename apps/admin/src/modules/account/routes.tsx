import { lazy } from 'react';

/** The account screens, by menu path. */
export const accountScreens = {
  '/renterinfo': lazy(() => import('./renter-info/renter-info-page')),
  '/rentertrans': lazy(() => import('./renter-trans/renter-trans-page')),
  '/logininfor': lazy(() => import('./login-info/login-info-page')),
  '/userbind': lazy(() => import('./user-bind/user-bind-page')),
  '/operlog': lazy(() => import('./operlog/operlog-page')),
};
