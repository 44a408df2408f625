export { h5Handlers } from './members.routes';
export { customerResolver } from './members.resolver';
export { issueVisitor, visitorIdIn } from './visitor';
export { type MemberLabel, memberLabels } from './members.service';
export { clientQueryHandlers } from './customers/customers.routes';
export { h5CardsHandlers, vipCardHandlers } from './cards/cards.routes';
export { h5CentreHandlers, levelsHandlers } from './levels/levels.routes';
export { recomputeJob } from './levels/recompute.job';
export { memberDetailHandlers } from './detail/detail.routes';
export { type MemberAsBuyer, type OrderMonthsOf, userOrderStats } from './detail/detail.service';
export { type OrderFiguresOf, recountFigures } from './detail/oper.service';
export { customerOnFormOrderPaid, customerOnFormSubmitted } from './detail/customer-source';
export { memberImportHandlers } from './import/member-import.routes';
export { memberImportJob, IMPORT_CHUNK as MEMBER_IMPORT_CHUNK } from './import/member-import.runner';
export { tagsHandlers } from './tags/tags.routes';
export { recountTags } from './tags/tag-counts';
export { memberGroupsHandlers } from './groups/groups.routes';
export { recountGroup } from './groups/groups.service';
export { sendAllTagRefreshes, tagRefreshCron, tagRefreshJob } from './tags/tags.job';
export { memberPortraitHandlers } from './portrait/portrait.routes';
export { groupWhere, ruleWhere } from './rules/rule.sql';
export {
  figuresOnAfterSaleRefunded,
  figuresOnGoodsOrderClosed,
  figuresOnGoodsOrderPaid,
  memberPhoneOf,
  memberPriceRights,
} from './for-orders';
// What level and rights-card orders' payments grant (issue 15, member orders).
export {
  buyerOf,
  type GrantedPart,
  type GrantResult,
  grantBoughtCard,
  grantBoughtLevel,
  type PaidItem,
  paidCardOnSale,
  paidLevelOnSale,
  takeBackBoughtCard,
  takeBackBoughtLevel,
} from './purchases';
// The generic background export, for other modules' lists (goods orders name their kind).
export { exportDownload, exportInfo, type ExportKind, exportJob, startExport } from './customers/export-task';
export { CUSTOMERS_EXPORT, customersExportKind } from './customers/customers.export';
