import { lazy } from 'react';

/** The forms screens, by menu path. */
export const formsScreens = {
  '/form': lazy(() => import('./form-list/form-list-page')),
  '/FormResEdit': lazy(() => import('./form-edit/form-edit-page')),
  '/formdata': lazy(() => import('./form-data/form-data-page')),
};
