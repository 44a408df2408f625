import type { ContractHandlers } from './core/register';
import { accountHandlers } from './modules/account';
import { billingHandlers } from './modules/billing';
import { deliveryHandlers, h5DeliveryHandlers } from './modules/delivery';
import { filesHandlers } from './modules/files';
import { formsHandlers, listSubmissions, openFormOwner } from './modules/forms';
import {
  goodsActivityHandlers,
  goodsHandlers,
  goodsSpecHandlers,
  goodsTransferHandlers,
  goodsTypeHandlers,
  goodsViewsHandlers,
  goodUnitHandlers,
  h5GoodsHandlers,
  pointsGoodsHandlers,
} from './modules/goods';
import { homeHandlers } from './modules/home';
import { loginHandlers } from './modules/login';
import {
  clientQueryHandlers,
  h5CardsHandlers,
  h5CentreHandlers,
  h5Handlers,
  levelsHandlers,
  memberDetailHandlers,
  memberGroupsHandlers,
  memberImportHandlers,
  memberPortraitHandlers,
  tagsHandlers,
  vipCardHandlers,
} from './modules/members';
import {
  activityOrders,
  afterSaleHandlers,
  formOrderHandlers,
  fromOrderHandlers,
  goodsOrderHandlers,
  h5AfterSaleHandlers,
  h5OrdersHandlers,
  h5MemberOrderHandlers,
  lvOrderHandlers,
  memberOrderFigureHandlers,
  orderNosOfSubmissions,
  verifyHandlers,
  vipOrderHandlers,
} from './modules/orders';
import { shopHandlers } from './modules/shop';
import { staffHandlers } from './modules/staff';
import { membershipsOfUser, openEnterprise, teamHandlers } from './modules/team';

/**
 * The app's routes: one handler per contract endpoint (a missing one fails the type check). Most groups are one
 * module's; the few assembled here put together calls a module cannot make itself: a call answered by a module above
 * the group's own (the form submissions' order numbers and 会员详情's order figures from orders, a goods activity's
 * orders). The module dependency order is apps/server/README.md's.
 */

export const contractHandlers: ContractHandlers = {
  // Login's calls that choose or open an enterprise take the memberships from team, which stands above login.
  login: loginHandlers({ ofUser: membershipsOfUser, open: openEnterprise }),
  home: homeHandlers,
  staff: staffHandlers,
  // The fill page's upload takes only forms open now (forms, above files, says which).
  files: filesHandlers(openFormOwner),
  // Each submission of a paid form shows its order's number (orders, above forms).
  forms: { ...formsHandlers, GetFromDataList: (ctx, b) => listSubmissions(ctx, b, orderNosOfSubmissions) },
  formOrder: formOrderHandlers,
  goodsOrder: goodsOrderHandlers,
  verify: verifyHandlers,
  fromOrder: fromOrderHandlers,
  goodsType: goodsTypeHandlers,
  goodUnit: goodUnitHandlers,
  goods: goodsHandlers,
  goodsTransfer: goodsTransferHandlers,
  pointsGoods: pointsGoodsHandlers,
  // A goods activity's orders: goods owns the path, orders the lines.
  goodsActivity: { ...goodsActivityHandlers, OrderList: (ctx, b) => activityOrders(ctx, b) },
  goodsViews: goodsViewsHandlers,
  goodsSpec: goodsSpecHandlers,
  team: teamHandlers,
  account: accountHandlers,
  shop: shopHandlers,
  billing: billingHandlers,
  delivery: deliveryHandlers,
  tags: tagsHandlers,
  memberGroups: memberGroupsHandlers,
  h5: h5Handlers,
  h5Goods: h5GoodsHandlers,
  clientQuery: clientQueryHandlers,
  vipCards: vipCardHandlers,
  h5Cards: h5CardsHandlers,
  levels: levelsHandlers,
  h5Centre: h5CentreHandlers,
  // 会员详情: members' calls, and the member's order figures counted by orders.
  memberDetail: { ...memberDetailHandlers, ...memberOrderFigureHandlers },
  memberImport: memberImportHandlers,
  memberPortrait: memberPortraitHandlers,
  h5Orders: h5OrdersHandlers,
  h5Delivery: h5DeliveryHandlers,
  afterSale: afterSaleHandlers,
  h5AfterSales: h5AfterSaleHandlers,
  lvOrder: lvOrderHandlers,
  vipOrder: vipOrderHandlers,
  h5MemberOrders: h5MemberOrderHandlers,
};
