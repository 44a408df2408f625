import { lazy } from 'react';

/** The files screens, by menu path. */
export const filesScreens = {
  '/material': lazy(() => import('./material/material-page')),
  '/BatchTransferTool': lazy(() => import('./batch-transfer/batch-transfer-page')),
};
