import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** The member screens, by menu path (each joins when it works end to end). */
export const membersScreens: Record<string, LazyExoticComponent<ComponentType>> = {
  '/customerInquiry': lazy(() => import('./customers/customer-inquiry-page')),
  '/equityCard': lazy(() => import('./cards/card-list-page')),
  '/addrights': lazy(() => import('./cards/card-edit-page')),
};
