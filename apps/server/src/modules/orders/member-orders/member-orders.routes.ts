import { type contract, MEMBER_ORDER_KIND as K } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import { REFUND_STARTED } from '@/integrations/payment';
import { buyMemberOrder, cancelLvOrder, cancelVipOrder, refundLvOrder } from './member-order.flow';
import { listMemberOrders, memberOrderDetail, myMemberOrder, myMemberOrders, setMemberOrderNotes } from './member-orders.service';

/** 等级订单 (/Order/LvOrder/). */
export const lvOrderHandlers: Handlers<typeof contract.lvOrder> = {
  list: (ctx, b) => listMemberOrders(ctx, K.level, b),
  detail: (ctx, b) => memberOrderDetail(ctx, K.level, b.id),
  sellerNotes: async (ctx, b) => withMsg(await setMemberOrderNotes(ctx, K.level, b.id, b.notes), '备注已保存'),
  cancel: async (ctx, b) => withMsg(await cancelLvOrder(ctx, b.id, b.reason), '订单已取消'),
  ReLvAmount: async (ctx, b) => withMsg(await refundLvOrder(ctx, b.id, b.amount, b.reason), REFUND_STARTED),
};

/** 权益卡订单 (/Order/VipOrder/). */
export const vipOrderHandlers: Handlers<typeof contract.vipOrder> = {
  list: (ctx, b) => listMemberOrders(ctx, K.card, b),
  detail: (ctx, b) => memberOrderDetail(ctx, K.card, b.id),
  notes: async (ctx, b) => withMsg(await setMemberOrderNotes(ctx, K.card, b.id, b.notes), '备注已保存'),
  cancel: async (ctx, b) => withMsg(await cancelVipOrder(ctx, b.id, b.reason), '订单已取消'),
};

/** The member centre's buying and its orders (/h5/MemberOrder/). */
export const h5MemberOrderHandlers: Handlers<typeof contract.h5MemberOrders> = {
  Buy: (ctx, b) => buyMemberOrder(ctx, b.kind, b.id),
  List: (ctx, b) => myMemberOrders(ctx, b),
  Get: (ctx, b) => myMemberOrder(ctx, b.id),
};
