import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** The member screens, by menu path (each joins when it works end to end). */
export const membersScreens: Record<string, LazyExoticComponent<ComponentType>> = {
  '/member/import': lazy(() => import('./import/member-import-list-page')),
  '/member/addimport': lazy(() => import('./import/member-add-import-page')),
  '/member/importdetail': lazy(() => import('./import/member-import-detail-page')),
};
