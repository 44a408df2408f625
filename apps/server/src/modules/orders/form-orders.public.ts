import { FORM_ORDER_STATUS as S, FORM_ORDER_STATUS_TEXT, fenToYuan } from '@shop/contract';
import type { Ctx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { formOrderRepo } from './form-orders.repository';

/** The customer's view of their order: status, and the verification code once paid. Only the visitor who made it. */
export async function formOrderCode(ctx: Ctx, orderId: string, visitor: string) {
  const o = await formOrderRepo.byIdPublic(ctx.db, orderId);
  if (!o || o.visitor !== visitor) throw new BizError('订单不存在', CODE.notFound);
  return {
    orderNo: o.orderNo,
    status: o.status,
    statusText: FORM_ORDER_STATUS_TEXT[o.status] ?? '',
    needVerify: o.needVerify === 1,
    code: o.status === S.paid || o.status === S.done ? (o.verifyCode ?? '') : '',
    amount: fenToYuan(o.amountFen),
    qr_code: '',
  };
}
