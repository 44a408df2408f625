import { customerEndpoint, endpoint, listOf, nothing, menuPermission } from '../core/endpoint';
import * as s from './member-orders.schemas';

const lv = menuPermission('LvOrderList');
const vip = menuPermission('VipOrderList');

/** 等级订单 (/LvOrderList, /LvOrderDetail): the spec's five calls. */
export const lvOrderEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/Order/LvOrder/list',
    summary: '等级订单列表（状态页签计数）',
    body: s.memberOrderListBody,
    data: s.memberOrderList,
    permission: lv.view,
  }),
  detail: endpoint({
    method: 'POST',
    path: '/Order/LvOrder/detail',
    summary: '等级订单详情',
    body: s.memberOrderIdBody,
    data: s.memberOrderDetail,
    permission: lv.view,
  }),
  sellerNotes: endpoint({
    method: 'POST',
    path: '/Order/LvOrder/sellerNotes',
    summary: '等级订单卖家备注',
    body: s.memberOrderNotesBody,
    data: nothing,
    permission: lv.edit,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/Order/LvOrder/cancel',
    summary: '取消待支付的等级订单（关闭支付）',
    body: s.memberOrderCancelBody,
    data: nothing,
    permission: lv.edit,
  }),
  ReLvAmount: endpoint({
    method: 'POST',
    path: '/Order/LvOrder/ReLvAmount',
    summary: '等级订单退款（部分或全额，原路退回；全额退款收回本单开通的等级）',
    body: s.lvRefundBody,
    data: nothing,
    permission: lv.edit,
  }),
};

/** 权益卡订单 (/VipOrderList, /VipOrderDetail): the spec's four calls. */
export const vipOrderEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/Order/VipOrder/list',
    summary: '权益卡订单列表（状态页签计数）',
    body: s.memberOrderListBody,
    data: s.memberOrderList,
    permission: vip.view,
  }),
  detail: endpoint({
    method: 'POST',
    path: '/Order/VipOrder/detail',
    summary: '权益卡订单详情',
    body: s.memberOrderIdBody,
    data: s.memberOrderDetail,
    permission: vip.view,
  }),
  notes: endpoint({
    method: 'POST',
    path: '/Order/VipOrder/notes',
    summary: '权益卡订单卖家备注',
    body: s.memberOrderNotesBody,
    data: nothing,
    permission: vip.edit,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/Order/VipOrder/cancel',
    summary: '取消权益卡订单（待支付：关闭支付；已支付：全额原路退款并收回本单的权益卡）',
    body: s.memberOrderCancelBody,
    data: nothing,
    permission: vip.edit,
  }),
};

/** The member centre buys a paid level or a paid rights card and follows its orders (DESIGN §9). */
export const h5MemberOrderEndpoints = {
  Buy: customerEndpoint({
    method: 'POST',
    path: '/h5/MemberOrder/Buy',
    summary: '会员：开通或续费付费等级 / 购买权益卡（下单并发起支付）',
    body: s.h5MemberOrderBuyBody,
    data: s.h5MemberOrderPay,
    actor: 'member',
    shop: true,
  }),
  List: customerEndpoint({
    method: 'POST',
    path: '/h5/MemberOrder/List',
    summary: '会员：我的等级订单 / 我的权益卡订单',
    body: s.h5MemberOrderListBody,
    data: listOf(s.h5MemberOrderRow),
    actor: 'member',
    shop: true,
  }),
  Get: customerEndpoint({
    method: 'POST',
    path: '/h5/MemberOrder/Get',
    summary: '会员：一笔等级或权益卡订单的状态（支付后轮询）',
    body: s.memberOrderIdBody,
    data: s.h5MemberOrderRow,
    actor: 'member',
    shop: true,
  }),
};
