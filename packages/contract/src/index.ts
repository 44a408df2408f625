import { acceptedGrants, type EndpointMap, grantKey, type Op, OPS } from './core/endpoint';
import { grantableLeaves } from './core/menu';
import { filesEndpoints } from './files/files.endpoints';
import { formOrderEndpoints, fromOrderEndpoints } from './forms/form-orders.endpoints';
import { formsEndpoints } from './forms/forms.endpoints';
import { goodUnitEndpoints } from './goods/good-unit.endpoints';
import { goodsTypeEndpoints } from './goods/goods-type.endpoints';
import { goodsEndpoints } from './goods/goods.endpoints';
import { goodsTransferEndpoints } from './goods/goods-transfer.endpoints';
import { pointsGoodsEndpoints } from './goods/points-goods.endpoints';
import { goodsActivityEndpoints } from './goods/goods-activity.endpoints';
import { goodsSpecEndpoints } from './goods/goods-spec.endpoints';
import { goodsViewsEndpoints } from './goods/goods-views.endpoints';
import { h5GoodsEndpoints } from './goods/h5-goods.endpoints';
import { homeEndpoints } from './home/home.endpoints';
import { loginEndpoints } from './login/login.endpoints';
import { staffEndpoints } from './staff/staff.endpoints';
import { teamEndpoints } from './team/team.endpoints';
import { accountEndpoints } from './account/account.endpoints';
import { shopEndpoints } from './shop/shop.endpoints';
import { billingEndpoints } from './billing/billing.endpoints';
import { h5Endpoints } from './members/h5.endpoints';
import { clientQueryEndpoints } from './members/client-query.endpoints';
import { h5CardsEndpoints } from './members/h5-cards.endpoints';
import { vipCardEndpoints } from './members/vip-card.endpoints';
import { h5CentreEndpoints } from './members/h5-centre.endpoints';
import { levelsEndpoints } from './members/levels.endpoints';
import { memberDetailEndpoints } from './members/member-detail.endpoints';
import { memberImportEndpoints } from './members/member-import.endpoints';
import { memberGroupsEndpoints } from './members/member-groups.endpoints';
import { tagsEndpoints } from './members/tags.endpoints';
import { memberPortraitEndpoints } from './members/member-portrait.endpoints';
// Goods orders, customer side (H5)
import { h5OrdersEndpoints } from './orders/h5-orders.endpoints';
import { h5DeliveryEndpoints } from './delivery/h5-delivery.endpoints';
import { deliveryEndpoints } from './delivery/delivery.endpoints';
// Level and rights-card orders (issue 15, member orders).
import { h5MemberOrderEndpoints, lvOrderEndpoints, vipOrderEndpoints } from './orders/member-orders.endpoints';
// goods orders: the console (H4)
import { goodsOrderEndpoints } from './orders/goods-orders.endpoints';
// 核销工具 / 核销记录
import { verifyEndpoints } from './orders/verify.endpoints';
import { afterSaleEndpoints, h5AfterSaleEndpoints } from './orders/after-sales.endpoints';

export * from './core/endpoint';
export * from './core/fields';
export * from './core/menu';
export * from './core/money';
export * from './files/files.schemas';
export * from './files/material.schemas';
export * from './files/transfer.schemas';
export * from './home/home.schemas';
export * from './login/login.schemas';
export * from './staff/staff.schemas';
export * from './forms/forms.schemas';
export * from './forms/form-orders.schemas';
export * from './forms/fill.schemas';
export * from './goods/goods-common.schemas';
export * from './goods/goods-type.schemas';
export * from './goods/good-unit.schemas';
export * from './goods/goods.schemas';
export * from './goods/goods-transfer.schemas';
export * from './goods/points-goods.schemas';
export * from './goods/goods-activity.schemas';
export * from './goods/goods-views.schemas';
export * from './goods/goods-spec.schemas';
export * from './goods/h5-goods.schemas';
export * from './team/team.schemas';
export * from './account/account.schemas';
export * from './shop/shop.schemas';
export * from './billing/billing.schemas';
export * from './members/h5.schemas';
export * from './members/client-query.schemas';
export * from './members/member-rule.schemas';
export * from './members/member.schemas';
export * from './members/vip-card.schemas';
export * from './members/levels.schemas';
export * from './members/h5-centre.schemas';
export * from './members/member-detail.schemas';
export * from './members/member-import.schemas';
export * from './members/tags.schemas';
export * from './members/member-groups.schemas';
export * from './members/member-portrait.schemas';
export * from './orders/goods-order-states';
// Goods orders, customer side (H5)
export * from './orders/h5-orders.schemas';
export * from './orders/address-rules';
export * from './delivery/delivery.schemas';
export { H5_PICKUP_MAX, h5PickupPoint } from './delivery/h5-delivery.endpoints';
// Level and rights-card orders (issue 15, member orders).
export * from './orders/member-orders.schemas';
// goods orders: the console (H4)
export * from './orders/express-companies';
export * from './orders/goods-orders.schemas';
export * from './orders/verify.schemas';
export * from './orders/after-sales.schemas';

/** Every endpoint, by module. The server must handle each; the console's client is typed by it. */
export const contract = {
  login: loginEndpoints,
  home: homeEndpoints,
  staff: staffEndpoints,
  files: filesEndpoints,
  forms: formsEndpoints,
  formOrder: formOrderEndpoints,
  fromOrder: fromOrderEndpoints,
  goodsType: goodsTypeEndpoints,
  goodUnit: goodUnitEndpoints,
  goods: goodsEndpoints,
  goodsTransfer: goodsTransferEndpoints,
  pointsGoods: pointsGoodsEndpoints,
  goodsActivity: goodsActivityEndpoints,
  goodsViews: goodsViewsEndpoints,
  goodsSpec: goodsSpecEndpoints,
  team: teamEndpoints,
  account: accountEndpoints,
  shop: shopEndpoints,
  billing: billingEndpoints,
  h5: h5Endpoints,
  h5Goods: h5GoodsEndpoints,
  clientQuery: clientQueryEndpoints,
  vipCards: vipCardEndpoints,
  h5Cards: h5CardsEndpoints,
  levels: levelsEndpoints,
  h5Centre: h5CentreEndpoints,
  memberDetail: memberDetailEndpoints,
  memberImport: memberImportEndpoints,
  tags: tagsEndpoints,
  memberGroups: memberGroupsEndpoints,
  memberPortrait: memberPortraitEndpoints,
  // Goods orders, customer side (H5)
  h5Orders: h5OrdersEndpoints,
  h5Delivery: h5DeliveryEndpoints,
  delivery: deliveryEndpoints,
  // Level and rights-card orders (issue 15, member orders).
  lvOrder: lvOrderEndpoints,
  vipOrder: vipOrderEndpoints,
  h5MemberOrders: h5MemberOrderEndpoints,
  // goods orders: the console (H4)
  goodsOrder: goodsOrderEndpoints,
  verify: verifyEndpoints,
  // After-sales (售后维权, /Order/Service/ and /h5/AfterSale/).
  afterSale: afterSaleEndpoints,
  h5AfterSales: h5AfterSaleEndpoints,
};
export type Contract = typeof contract;

let opsByEntry: Record<string, Op[]> | undefined;

/**
 * The operations of each menu entry, from the endpoints that require them; every grantable entry has 查看 at least
 * (a role editor offers only these): `{Goodlist: ['view', 'edit', 'delete', 'export'], Apphall: ['view'], …}`, in
 * OPS order. The contract does not change while running: worked out once.
 */
export function menuOps(): Record<string, Op[]> {
  if (opsByEntry) return opsByEntry;
  const seen = new Map<string, Set<Op>>(grantableLeaves().map((d) => [d.key, new Set<Op>(['view'])]));
  for (const endpoints of Object.values(contract) as EndpointMap[])
    for (const e of Object.values(endpoints))
      if (typeof e.permission === 'object')
        for (const g of acceptedGrants(e.permission)) {
          const ops = seen.get(g.menu) ?? new Set<Op>(['view']);
          ops.add(g.op);
          seen.set(g.menu, ops);
        }
  opsByEntry = Object.fromEntries([...seen].map(([k, ops]) => [k, OPS.filter((op) => ops.has(op))]));
  return opsByEntry;
}

/** Every grant a role can hold, in catalogue order: each grantable entry's operations (what the owner role holds). */
export function allGrants(): string[] {
  const ops = menuOps();
  return grantableLeaves().flatMap((d) => ops[d.key].map((op) => grantKey({ menu: d.key, op })));
}
