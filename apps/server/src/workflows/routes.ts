import type { contract } from '@shop/contract';
import { visitorIdOf } from '@/core/context';
import { type Handlers, withMsg } from '@/core/register';
import { formsHandlers as formHandlers, listSubmissions, publicFormInfo, visitorSubmitNum } from '@/modules/forms';
import { formOrderCode, formOrderHandlers as orderHandlers, orderNosOfSubmissions } from '@/modules/orders';
import { cancelFormOrder } from './cancel-form-order';
import { submitForm } from './submit-form';
// goods orders: the console (H4)
import { exportDownload, exportInfo, startExport } from '@/modules/members';
import { GOODS_ORDERS_EXPORT, goodsOrderHandlers as goodsOrderConsole, goodsOrdersToExport } from '@/modules/orders';

/**
 * The calls that run a workflow across modules, kept here so that the modules never import the workflows (which
 * import them): the public form page (fromOrder), the form orders with their cancel (refund) call, and the forms with
 * their submissions list, which shows each paid submission's order number from orders (orders imports forms, so
 * forms cannot ask orders itself: it is handed orders' lookup here).
 */
/** The fill page: the visitor is the server-signed visitor id of the call (actor visitor), never a body field. */
export const fromOrderHandlers: Handlers<typeof contract.fromOrder> = {
  GetFromInfo: (ctx, b) => publicFormInfo(ctx, b.id),
  GetSubmitNum: (ctx, b) => visitorSubmitNum(ctx, b.id, visitorIdOf(ctx)),
  Create: async (ctx, b) => withMsg(await submitForm(ctx, { formId: b.id, visitor: visitorIdOf(ctx), answers: b.answers }), '提交成功'),
  GetSubmitCode: (ctx, b) => formOrderCode(ctx, b.orderId, visitorIdOf(ctx)),
};

export const formOrderHandlers: Handlers<typeof contract.formOrder> = {
  ...orderHandlers,
  cancel: async (ctx, b) => withMsg(await cancelFormOrder(ctx, b.id, b.reason), '订单已取消'),
};

export const formsHandlers: Handlers<typeof contract.forms> = {
  ...formHandlers,
  GetFromDataList: (ctx, b) => listSubmissions(ctx, b, orderNosOfSubmissions),
};

// goods orders: the console (H4) — the order list's export runs on the members' generic background export.
export const goodsOrderHandlers: Handlers<typeof contract.goodsOrder> = {
  ...goodsOrderConsole,
  ExportOrders: async (ctx, b) => {
    const { total, fileName } = await goodsOrdersToExport(ctx, b);
    const task = await startExport(ctx, GOODS_ORDERS_EXPORT, b as unknown as Record<string, unknown>, total, fileName);
    return withMsg(task, `正在导出${task.total}个订单`);
  },
  ExportInfo: (ctx, b) => exportInfo(ctx, GOODS_ORDERS_EXPORT, b.id),
  ExportDownload: (ctx, b) => exportDownload(ctx, GOODS_ORDERS_EXPORT, b.id),
};
