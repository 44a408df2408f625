import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** The member screens, by menu path (each joins when it works end to end). */
export const membersScreens: Record<string, LazyExoticComponent<ComponentType>> = {
  '/labeltag': lazy(() => import('./tags/tag-list-page')),
  '/labeltag/edittag': lazy(() => import('./tags/tag-edit-page')),
  '/mebgroup': lazy(() => import('./groups/group-list-page')),
  '/EditGroup': lazy(() => import('./groups/group-edit-page')),
};
