import { fenText } from '@shop/contract';
import type { Ctx } from '@/core/context';
import type { DeliveredEvent } from '@/core/jobs';
import { notify } from '@/core/notify';
import { fmtTime } from '@/core/time';

/** form.submitted of a free form: 新的表单提交 in 消息提醒 and a push (a paid one tells when paid, below). */
export async function formSubmittedNotice(tx: Ctx, e: DeliveredEvent<'form.submitted'>): Promise<void> {
  if (e.payload.paid || !e.renterId) return;
  await notify(tx, e.renterId, {
    title: '新的表单提交',
    content: `「${e.payload.formName}」收到新的提交（${e.payload.subNo}）`,
    link: `/formdata?id=${e.payload.formId}`,
  });
}

/** form-order.paid: 新的表单订单 in 消息提醒 and a push. */
export async function formOrderPaidNotice(tx: Ctx, e: DeliveredEvent<'form-order.paid'>): Promise<void> {
  if (!e.renterId) return;
  const p = e.payload;
  await notify(tx, e.renterId, {
    title: '新的表单订单',
    content: `「${p.formName}」订单 ${p.orderNo} 已支付 ¥${fenText(p.amountFen)}（${fmtTime(new Date(p.paidAt))}）`,
    link: `/FormOrderDetail?id=${p.orderId}`,
  });
}
