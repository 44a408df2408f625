import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as svc from './form-orders.service';

/** The form orders' calls but cancel, which refunds through the cancel-form-order workflow (workflows/routes.ts). */
export const formOrderHandlers: Omit<Handlers<typeof contract.formOrder>, 'cancel'> = {
  list: (ctx, b) => svc.listFormOrders(ctx, b),
  detail: (ctx, b) => svc.formOrderDetail(ctx, b.id),
  notes: async (ctx, b) => withMsg(await svc.setFormOrderNotes(ctx, b.id, b.notes), '备注已保存'),
  take: async (ctx, b) => withMsg(await svc.takeFormOrder(ctx, b.id), '核销成功'),
  verificationCode: async (ctx, b) => withMsg(await svc.verifyFormOrderCode(ctx, b.code), '核销成功'),
  takelist: (ctx, b) => svc.listTakes(ctx, b),
};
