import { lazy } from 'react';

/** The overview screens, by menu path. */
export const homeScreens = {
  '/dashboard': lazy(() => import('./dashboard/dashboard-page')),
  '/profile': lazy(() => import('./profile/profile-page')),
  '/reminder': lazy(() => import('./reminder/reminder-page')),
};
