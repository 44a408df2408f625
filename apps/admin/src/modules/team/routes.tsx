import { lazy } from 'react';

/** The team screens, by menu path. */
export const teamScreens = {
  '/staffManagement': lazy(() => import('./staff-list/staff-list-page')),
  '/EditStaff': lazy(() => import('./staff-edit/staff-edit-page')),
  '/ShowStaff': lazy(() => import('./staff-detail/staff-detail-page')),
  '/rolePermissions': lazy(() => import('./role-list/role-list-page')),
  '/editjob': lazy(() => import('./role-edit/role-edit-page')),
};
