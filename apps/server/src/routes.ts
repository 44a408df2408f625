import { type contract, MEMBER_ORDER_KIND as K } from '@shop/contract';
import { visitorIdOf } from './core/context';
import { type ContractHandlers, type Handlers, withMsg } from './core/register';
import { REFUND_STARTED } from './integrations/payment';
import { accountHandlers } from './modules/account';
import { billingHandlers } from './modules/billing';
import { deliveryHandlers, h5DeliveryHandlers } from './modules/delivery';
import { filesHandlers } from './modules/files';
import { formsHandlers, listSubmissions, openFormOwner, publicFormInfo, visitorSubmitNum } from './modules/forms';
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
  formOrderCode,
  formOrderHandlers,
  goodsOrderHandlers,
  h5AfterSaleHandlers,
  h5OrdersHandlers,
  listMemberOrders,
  memberOrderDetail,
  memberOrderFigureHandlers,
  myMemberOrder,
  myMemberOrders,
  orderNosOfSubmissions,
  setMemberOrderNotes,
  verifyHandlers,
} from './modules/orders';
import { shopHandlers } from './modules/shop';
import { staffHandlers } from './modules/staff';
import { membershipsOfUser, openEnterprise, teamHandlers } from './modules/team';
import { buyMemberOrder, cancelFormOrder, cancelLvOrder, cancelVipOrder, refundLvOrder, submitForm } from './workflows';

/**
 * The app's routes: one handler per contract endpoint (a missing one fails the type check). Most groups are one
 * module's; the few assembled here put together calls a module cannot make itself: a call answered by a module above
 * the group's own (the form submissions' order numbers and 会员详情's order figures from orders, a goods activity's
 * orders), or a call that runs a flow of `workflows/`. The module dependency order is apps/server/README.md's.
 */

/** The fill page: the visitor is the server-signed visitor id of the call (actor visitor), never a body field. */
const fromOrderHandlers: Handlers<typeof contract.fromOrder> = {
  GetFromInfo: (ctx, b) => publicFormInfo(ctx, b.id),
  GetSubmitNum: (ctx, b) => visitorSubmitNum(ctx, b.id, visitorIdOf(ctx)),
  Create: async (ctx, b) => withMsg(await submitForm(ctx, { formId: b.id, visitor: visitorIdOf(ctx), answers: b.answers }), '提交成功'),
  GetSubmitCode: (ctx, b) => formOrderCode(ctx, b.orderId, visitorIdOf(ctx)),
};

/** 等级订单 (/Order/LvOrder/). */
const lvOrderHandlers: Handlers<typeof contract.lvOrder> = {
  list: (ctx, b) => listMemberOrders(ctx, K.level, b),
  detail: (ctx, b) => memberOrderDetail(ctx, K.level, b.id),
  sellerNotes: async (ctx, b) => withMsg(await setMemberOrderNotes(ctx, K.level, b.id, b.notes), '备注已保存'),
  cancel: async (ctx, b) => withMsg(await cancelLvOrder(ctx, b.id, b.reason), '订单已取消'),
  ReLvAmount: async (ctx, b) => withMsg(await refundLvOrder(ctx, b.id, b.amount, b.reason), REFUND_STARTED),
};

/** 权益卡订单 (/Order/VipOrder/). */
const vipOrderHandlers: Handlers<typeof contract.vipOrder> = {
  list: (ctx, b) => listMemberOrders(ctx, K.card, b),
  detail: (ctx, b) => memberOrderDetail(ctx, K.card, b.id),
  notes: async (ctx, b) => withMsg(await setMemberOrderNotes(ctx, K.card, b.id, b.notes), '备注已保存'),
  cancel: async (ctx, b) => withMsg(await cancelVipOrder(ctx, b.id, b.reason), '订单已取消'),
};

/** The member centre's buying and its orders (/h5/MemberOrder/). */
const h5MemberOrderHandlers: Handlers<typeof contract.h5MemberOrders> = {
  Buy: (ctx, b) => buyMemberOrder(ctx, b.kind, b.id),
  List: (ctx, b) => myMemberOrders(ctx, b),
  Get: (ctx, b) => myMemberOrder(ctx, b.id),
};

export const contractHandlers: ContractHandlers = {
  // Login's calls that choose or open an enterprise take the memberships from team, which stands above login.
  login: loginHandlers({ ofUser: membershipsOfUser, open: openEnterprise }),
  home: homeHandlers,
  staff: staffHandlers,
  // The fill page's upload takes only forms open now (forms, above files, says which).
  files: filesHandlers(openFormOwner),
  // Each submission of a paid form shows its order's number (orders, above forms).
  forms: { ...formsHandlers, GetFromDataList: (ctx, b) => listSubmissions(ctx, b, orderNosOfSubmissions) },
  formOrder: { ...formOrderHandlers, cancel: async (ctx, b) => withMsg(await cancelFormOrder(ctx, b.id, b.reason), '订单已取消') },
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
