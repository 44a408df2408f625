import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** The member screens, by menu path (each joins when it works end to end). */
export const membersScreens: Record<string, LazyExoticComponent<ComponentType>> = {
  '/mebprofile': lazy(() => import('./portrait/mebprofile-page')),
  '/Portraitanalysis': lazy(() => import('./portrait/portrait-analysis-page')),
};
