import type { contract } from '@shop/contract';
import { visitorIdOf } from '@/core/context';
import { type Handlers, withMsg } from '@/core/register';
import { publicFormInfo, visitorSubmitNum } from '@/modules/forms';
import { formOrderCode } from './form-orders.public';
import * as svc from './form-orders.service';
import { cancelFormOrder } from './form-orders/cancel.flow';
import { submitForm } from './form-orders/submit.flow';

/** 表单订单 (/Order/FormOrder/). */
export const formOrderHandlers: Handlers<typeof contract.formOrder> = {
  list: (ctx, b) => svc.listFormOrders(ctx, b),
  detail: (ctx, b) => svc.formOrderDetail(ctx, b.id),
  notes: async (ctx, b) => withMsg(await svc.setFormOrderNotes(ctx, b.id, b.notes), '备注已保存'),
  take: async (ctx, b) => withMsg(await svc.takeFormOrder(ctx, b.id), '核销成功'),
  verificationCode: async (ctx, b) => withMsg(await svc.verifyFormOrderCode(ctx, b.code), '核销成功'),
  takelist: (ctx, b) => svc.listTakes(ctx, b),
  cancel: async (ctx, b) => withMsg(await cancelFormOrder(ctx, b.id, b.reason), '订单已取消'),
};

/** The fill page (/Order/FromOrder/): the visitor is the server-signed visitor id of the call (actor visitor), never a body field. */
export const fromOrderHandlers: Handlers<typeof contract.fromOrder> = {
  GetFromInfo: (ctx, b) => publicFormInfo(ctx, b.id),
  GetSubmitNum: (ctx, b) => visitorSubmitNum(ctx, b.id, visitorIdOf(ctx)),
  Create: async (ctx, b) => withMsg(await submitForm(ctx, { formId: b.id, visitor: visitorIdOf(ctx), answers: b.answers }), '提交成功'),
  GetSubmitCode: (ctx, b) => formOrderCode(ctx, b.orderId, visitorIdOf(ctx)),
};
