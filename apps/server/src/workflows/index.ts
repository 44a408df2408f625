import { fenText } from '@shop/contract';
import type { Services } from '@/core/context';
import { subscribe } from '@/core/jobs';
import { notify } from '@/core/notify';
import { fmtTime } from '@/core/time';
import { setPublicUploadGuard } from '@/modules/files';
import { openState, publicFormById } from '@/modules/forms';
import { addGoodsOrderFigures, customerPaidOrder, customerSubmittedForm, memberPhoneOf, memberPriceRights } from '@/modules/members';
import {
  AFTER_SALE_REFUND,
  afterSaleRefunded,
  afterSaleRefundFailed,
  GOODS_ORDER_BIZ,
  goodsOrderPaid,
  goodsOrderRefunded,
  setH5Ports,
  setPricingPorts,
} from '@/modules/orders';
import { pickupPointOf } from '@/modules/delivery';
// goods orders: the console (H4)
import { GOODS_ORDERS_EXPORT, goodsOrderPaidNotice, goodsOrdersExportKind } from '@/modules/orders';
import { registerExportKind } from '@/modules/members';
import { formOrderRefunded } from './cancel-form-order';
import { deliveryFreight, shopDelivery } from './order-delivery';
import { FORM_ORDER_BIZ, formOrderPaid } from './submit-form';
// Level and rights-card orders (issue 15, member orders).
import { CARD_ORDER_BIZ, LEVEL_ORDER_BIZ, memberOrderPaid, memberOrderRefunded } from './member-orders';

/** Connects the modules that react to each other: payments to orders, uploads to forms. Called once per app. */
export function wireWorkflows(services: Services): void {
  // Payments to the records they pay for; refunds to the records they are for (by the refund's typed reference).
  services.payment.onPaid(FORM_ORDER_BIZ, formOrderPaid);
  services.payment.onRefunded(FORM_ORDER_BIZ, formOrderRefunded);
  services.payment.onPaid(GOODS_ORDER_BIZ, goodsOrderPaid);
  services.payment.onRefunded(GOODS_ORDER_BIZ, goodsOrderRefunded);
  services.payment.onRefunded(AFTER_SALE_REFUND, (tx, _pay, refund) => afterSaleRefunded(tx, refund), afterSaleRefundFailed);
  // Pricing's member and freight steps and the shop's 配送设置 at checkout (orders cannot import members, which imports
  // orders; delivery's rules through order-delivery.ts).
  setPricingPorts({ memberRights: memberPriceRights, freight: deliveryFreight, shopDelivery });
  // The customer side's member phone and pick-up points (orders README "Customer side").
  setH5Ports({ memberPhone: memberPhoneOf, pickupPoint: pickupPointOf });
  // Members' running figures from goods orders (members README: kept by the module owning the source, by events).
  subscribe('members.figures.goods-order-paid', 'goods-order.paid', async (tx, e) => {
    if (!e.renterId) return;
    await addGoodsOrderFigures(tx, e.renterId, e.payload.memberId, { orders: 1, fen: e.payload.payFen, at: new Date(e.payload.paidAt) });
  });
  subscribe('members.figures.goods-order-closed', 'goods-order.closed', async (tx, e) => {
    if (!e.renterId || e.payload.paidFen <= 0) return;
    await addGoodsOrderFigures(tx, e.renterId, e.payload.memberId, { orders: -1, fen: -e.payload.paidFen });
  });
  subscribe('members.figures.after-sale-refunded', 'after-sale.refunded', async (tx, e) => {
    if (!e.renterId) return;
    await addGoodsOrderFigures(tx, e.renterId, e.payload.memberId, { orders: e.payload.orderClosed ? -1 : 0, fen: -e.payload.refundFen });
  });
  // Level and rights-card orders (issue 15, member orders): paying grants, refunds count (and take back).
  for (const biz of [LEVEL_ORDER_BIZ, CARD_ORDER_BIZ]) {
    services.payment.onPaid(biz, memberOrderPaid);
    services.payment.onRefunded(biz, memberOrderRefunded);
  }
  // goods orders: the console (H4) — a paid order tells the enterprise (消息提醒 read aloud + goodsOrderPaid push).
  registerExportKind(GOODS_ORDERS_EXPORT, goodsOrdersExportKind);
  subscribe('home.notice.goods-order-paid', 'goods-order.paid', async (tx, e) => {
    if (!e.renterId) return;
    await goodsOrderPaidNotice(tx, e.renterId, e.payload);
  });
  // A customer may upload only to a form that takes submissions now.
  // A free form's submission tells the enterprise (消息提醒 and a push); a paid one tells it when paid (formOrderPaid).
  subscribe('home.notice.form-submitted', 'form.submitted', async (tx, e) => {
    if (e.payload.paid || !e.renterId) return;
    await notify(tx, e.renterId, {
      title: '新的表单提交',
      content: `「${e.payload.formName}」收到新的提交（${e.payload.subNo}）`,
      link: `/formdata?id=${e.payload.formId}`,
    });
  });
  subscribe('home.notice.form-order-paid', 'form-order.paid', async (tx, e) => {
    if (!e.renterId) return;
    const p = e.payload;
    await notify(tx, e.renterId, {
      title: '新的表单订单',
      content: `「${p.formName}」订单 ${p.orderNo} 已支付 ¥${fenText(p.amountFen)}（${fmtTime(new Date(p.paidAt))}）`,
      link: `/FormOrderDetail?id=${p.orderId}`,
    });
  });
  // Where customers come from: a visitor who submits a form is a customer; a paid form order adds to their figures.
  subscribe('members.customer.form-submitted', 'form.submitted', async (tx, e) => {
    if (!e.renterId || !e.payload.visitor) return;
    const p = e.payload;
    await customerSubmittedForm(tx, e.renterId, { visitorId: p.visitor, phone: p.phone, formName: p.formName, subNo: p.subNo });
  });
  subscribe('members.customer.form-order-paid', 'form-order.paid', async (tx, e) => {
    if (!e.renterId || !e.payload.visitor) return;
    const p = e.payload;
    await customerPaidOrder(tx, e.renterId, {
      visitorId: p.visitor,
      phone: p.phone,
      orderNo: p.orderNo,
      formName: p.formName,
      amountFen: p.amountFen,
      paidAt: p.paidAt,
    });
  });
  setPublicUploadGuard(async (db, formId) => {
    const f = await publicFormById(db, formId);
    return f && openState(f).open ? { renterId: f.renterId } : null;
  });
}

export { expireFormOrder, FORM_ORDER_EXPIRE_JOB, formOrderExpireJob } from './expire-form-orders';
export { formOrderHandlers, formsHandlers, fromOrderHandlers } from './routes';
// Level and rights-card orders (issue 15, member orders).
export { h5MemberOrderHandlers, lvOrderHandlers, vipOrderHandlers } from './member-order-routes';
export { buyMemberOrder, memberOrderExpireJob } from './member-orders';
// goods orders: the console (H4)
export { goodsOrderHandlers } from './routes';
