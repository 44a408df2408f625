/**
 * The cross-renter walk's cases (cross-renter.test.ts): what each id field may name, the body that gets a call as far
 * as the id under test (the rest of it A's own rows), and what each id field answers for an id that is not the
 * caller's renter's — its own not-found refusal, the same for a missing id and for another renter's.
 */
import type { TestApp } from './helper';
import type { Buyer } from './after-sales-fixtures';
import { ID_TABLES } from './tenant-fixtures';

// ---- Which fields are ids, and what they may name ----

/**
 * What an id field may name: the tenant tables whose ids to try. `id` and `ids` are generic (a goods, a role, a
 * directory… depending on the endpoint): every kind of B's ids is tried, so the right one always is.
 */
export const ALL = [...ID_TABLES.keys(), 'renters'];
export const ID_SOURCES: Record<string, string[]> = {
  id: ALL,
  ids: ALL,
  excludeId: ['goods_types'],
  excludeIds: ['goods'],
  parentId: ['goods_types', 'file_dirs'],
  dirId: ['file_dirs'],
  categoryId: ['goods_types'],
  unitId: ['goods_units'],
  goodsId: ['goods'],
  skuId: ['goods_skus'],
  activityId: ['goods_activities'],
  roleId: ['roles'],
  shopId: ['shops'],
  userId: ['users'],
  // 核销记录's staff filter (a user id: another renter's staff filters to nothing, like a missing one).
  staffUserId: ['users'],
  formId: ['forms'],
  formID: ['forms'],
  orderId: ['form_orders', 'goods_orders'],
  levelId: ['member_levels'],
  OrderGUID: ['renter_buys'],
  CustomerGUID: ['renters'],
  levelIds: ['member_levels'],
  tagIds: ['member_tags'],
  cardIds: ['vip_cards'],
  groupId: ['member_groups'],
  cardId: ['vip_cards'],
  memberIds: ['members'],
  memberId: ['members'],
  tagId: ['member_tags'],
  // Goods orders, customer side (H5). Pick-up points are the delivery module's table (none on this branch yet).
  cartIds: ['carts'],
  addressId: ['member_addresses', 'return_addresses'],
  pickupPointId: ['pickup_points'],
  staffIds: ['staff'],
  freightTemplateId: ['freight_templates'],
  // Level and rights-card orders' filter: the paid level or card bought.
  itemId: ['member_levels', 'vip_cards'],
  // goods orders: the console (H4) — a parcel's lines
  lineId: ['goods_order_lines'],
};

/**
 * Id fields that do not name a tenant's row, or endpoints that serve any renter by design. `path field` or `path *`.
 */
export const NOT_TENANT_IDS = new Set([
  // The public form pages (anyone with the link, no session): the form id is the link itself.
  '/Order/FromOrder/GetFromInfo *',
  '/Order/FromOrder/GetSubmitNum *',
  '/Order/FromOrder/Create *',
  '/Order/FromOrder/UpLoad *',
  // The customer's own order, proven by the visitor id beside it (form-orders.test.ts).
  '/Order/FromOrder/GetSubmitCode *',
  // A form's field keys, chosen by the form's author.
  '/FromRep/FormReposi/SaveFrom fields.[].id',
  // A product or app of the shared catalogue.
  '/api/Login/RenterBuy ProductLineGUID',
  '/api/Login/GetBuyInfo ProductLineGUID',
  // A waybill package of the shared catalogue.
  '/LesseePick/LesseePick/Charge packageId',
  // The WeChat Pay merchant number, typed by the merchant.
  '/Config/Shop/SavePayMethod wxMchId',
]);

/**
 * A's own row for an id field that is not under test, where the first of the field's ID_SOURCES is not the one the
 * call needs: `path` (its `id` / `ids` fields) or `path field`.
 */
export const OWN_ID: Record<string, string> = {
  '/Goods/Goods/editprice': 'goods',
  '/Goods/GoodsActivity/actGoodsSkuList': 'goods_activities',
  '/Goods/Goods/BatchEditGoodsStock': 'goods',
  '/Goods/Goods/BatchEditGoodsLogistics': 'goods',
  '/UpFile/Material/MoveFiles': 'files',
  '/Client/ClientQuery/AddToGroup': 'members',
  '/Config/Tags/CreateTgas': 'members',
  '/Config/Tags/DeleteTgs': 'members',
  // A's member, so that the paid level under test is what is looked up.
  '/Client/ClientQuery/MemberOper': 'members',
  // A rule's tag ids (rule.items.[].ids) are A's own tags; the group or tag saved is A's own.
  '/Config/Tags/save': 'member_tags',
  '/Config/Tags/getScoreUIDS': 'member_tags',
  '/Client/Customer/SaveGroup id': 'member_groups',
  '/Client/Customer/SaveGroup rule.items.[].ids': 'member_tags',
  // 文件名: A's own files, found by id.
  '/UpFile/GetFileName': 'files',
};

/** A's rows the walk's bodies name beyond the fixtures' (made in cross-renter.test.ts beforeAll). */
export interface Own {
  /** A's ids by table (idsOf). */
  ids: ReadonlyMap<string, string[]>;
  /** A's member on A's shop, and what is theirs: a cart line, an address, a paid 快递 order and its line. */
  member: Buyer;
  cartId: string;
  addressId: string;
  skuId: string;
  paidOrder: string;
  /** A 退货退款 request of the member awaiting the merchant. */
  returnSale: string;
  /** A's role that is not the owner's (超级管理员 is the owner's alone). */
  clerkRole: string;
  /** A's staff member in that role. */
  clerkStaff: string;
  /** A registered user outside A (an enterprise transfer's receiver), and A's owner's phone. */
  receiverPhone: string;
  ownerPhone: string;
  ownerToken: string;
}

/** 'YYYY-MM-DD HH:mm:ss' in the display zone (UTC+8), days from now. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

type Body = Record<string, unknown>;
/**
 * Body values that get the call past every check but the id under test, all of them A's own: `path` or `path field`
 * (both apply, the field's last). `undefined` leaves a key out.
 */
export const BODIES: Record<string, (o: Own, t: TestApp) => Body | Promise<Body>> = {
  '/Goods/Goods/SetStartSale': () => ({ startSaleAt: inDays(1) }),
  '/Goods/GoodsActivity/save': (o) => ({
    startTime: inDays(1),
    endTime: inDays(2),
    skus: [{ skuId: o.skuId, price: 0.01, stock: 1 }],
  }),
  '/Sys/Staff/RenterSave': (o) => ({ roleId: o.clerkRole }),
  '/Sys/Staff/UpdateStaff': (o) => ({ id: o.clerkStaff, roleId: o.clerkRole }),
  // Both codes right (checking them does not use them up): only the role is left to refuse.
  '/Sys/Staff/RenterTrans': async (o, t) => {
    await t.passSmsCooldown(o.ownerPhone);
    await t.passSmsCooldown(o.receiverPhone);
    await t.ok('/Sys/Staff/SendUnAuthVeryCode', { phone: o.receiverPhone }, o.ownerToken);
    const codes = { ownerCode: t.smsCode(o.ownerPhone), receiverCode: t.smsCode(o.receiverPhone) };
    return { phone: o.receiverPhone, oldOwner: 'stay', ...codes };
  },
  '/Order/GoodsOrder/AddLogistics': (o) => ({ id: o.paidOrder }),
  '/Order/Service/CheckService addressId': (o) => ({ id: o.returnSale, agree: true }),
  '/h5/Order/Preview cartIds': (o) => ({ skuId: undefined, deliveryMethod: 1, addressId: o.addressId, pickupPointId: undefined }),
  '/h5/Order/Preview skuId': (o) => ({ cartIds: [], qty: 1, deliveryMethod: 1, addressId: o.addressId, pickupPointId: undefined }),
  '/h5/Order/Preview addressId': (o) => ({ cartIds: [o.cartId], skuId: undefined, deliveryMethod: 1, pickupPointId: undefined }),
  '/h5/Order/Preview pickupPointId': (o) => ({ cartIds: [o.cartId], skuId: undefined, deliveryMethod: 2, addressId: undefined }),
  '/h5/AfterSale/Apply items.[].lineId': (o) => ({ orderId: o.paidOrder }),
};
for (const field of ['cartIds', 'skuId', 'addressId', 'pickupPointId'])
  BODIES[`/h5/Order/Submit ${field}`] = BODIES[`/h5/Order/Preview ${field}`];
// A filter under test alone: the other filters of the call left out (together they would filter to nothing).
const MEMBER_FILTERS = ['levelIds', 'tagIds', 'cardIds', 'groupId'];
for (const path of ['GetUserInfoList', 'GetFindTotal', 'GetFindTotalAdJust', 'ExportUsers'])
  for (const field of MEMBER_FILTERS)
    BODIES[`/Client/ClientQuery/${path} ${field}`] = () => Object.fromEntries(MEMBER_FILTERS.map((f) => [f, undefined]));
for (const field of ['GetAvailableGoods excludeIds', 'GetPromotionGoods excludeIds'])
  BODIES[`/Goods/Goods/${field}`] = () => ({ categoryId: undefined });
// The activity's goods must stay in the list: no goods left out (A's first goods may be the one in the activity).
BODIES['/Goods/Goods/GetPromotionGoods activityId'] = () => ({ categoryId: undefined, excludeIds: undefined });
