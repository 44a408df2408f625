import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

const LevelList = lazy(() => import('./levels/level-list-page'));

/** The member screens, by menu path (each joins when it works end to end). */
export const membersScreens: Record<string, LazyExoticComponent<ComponentType>> = {
  '/customerInquiry': lazy(() => import('./customers/customer-inquiry-page')),
  '/equityCard': lazy(() => import('./cards/card-list-page')),
  '/addrights': lazy(() => import('./cards/card-edit-page')),
  '/CardLV/0': LevelList,
  '/CardLV/1': LevelList,
  '/EditLV': lazy(() => import('./levels/level-edit-page')),
  '/DecorateLV': lazy(() => import('./levels/decorate-page')),
  '/lv/buyrecord': lazy(() => import('./levels/grant-list-page')),
  '/LvTask': lazy(() => import('./levels/level-task-page')),
  '/mebgrouplog': lazy(() => import('./levels/growth-log-page')),

  '/memberdetail': lazy(() => import('./detail/member-detail-page')),

  '/member/import': lazy(() => import('./import/member-import-list-page')),
  '/member/addimport': lazy(() => import('./import/member-add-import-page')),
  '/member/importdetail': lazy(() => import('./import/member-import-detail-page')),

  '/labeltag': lazy(() => import('./tags/tag-list-page')),
  '/labeltag/edittag': lazy(() => import('./tags/tag-edit-page')),
  '/mebgroup': lazy(() => import('./groups/group-list-page')),
  '/EditGroup': lazy(() => import('./groups/group-edit-page')),

  '/mebprofile': lazy(() => import('./portrait/mebprofile-page')),
  '/Portraitanalysis': lazy(() => import('./portrait/portrait-analysis-page')),
};
