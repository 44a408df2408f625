import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '../../core/register';
import { cancelFormOrder } from '../../workflows/cancel-form-order';
import * as svc from './form-orders.service';

export const formOrderHandlers: Handlers<typeof contract.formOrder> = {
  list: (ctx, b) => svc.listFormOrders(ctx, b),
  detail: (ctx, b) => svc.formOrderDetail(ctx, b.id),
  notes: async (ctx, b) => withMsg(await svc.setFormOrderNotes(ctx, b.id, b.notes), '备注已保存'),
  cancel: async (ctx, b) => withMsg(await cancelFormOrder(ctx, b.id, b.reason), '订单已取消'),
  take: async (ctx, b) => withMsg(await svc.takeFormOrder(ctx, b.id), '核销成功'),
  verificationCode: async (ctx, b) => withMsg(await svc.verifyFormOrderCode(ctx, b.code), '核销成功'),
  takelist: (ctx, b) => svc.listTakes(ctx, b),
};
