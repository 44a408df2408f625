import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** The member screens, by menu path (each joins when it works end to end). */
export const membersScreens: Record<string, LazyExoticComponent<ComponentType>> = {
  '/memberdetail': lazy(() => import('./detail/member-detail-page')),
};
