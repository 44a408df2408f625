import { fenText, fenToYuan, GOODS_ORDER_PAID_EVENT, type GoodsOrderPaidPush } from '@shop/contract';
import { afterCommit, type Ctx } from '@/core/context';
import type { DeliveredEvent } from '@/core/jobs';
import { notify } from '@/core/notify';
import { fmtTime } from '@/core/time';

/**
 * A goods order was paid (subscriber of `goods-order.paid`): a notice in 消息提醒, read aloud (receiveTTSNotice), and
 * the `goodsOrderPaid` data event with the order number and amount, for the console's new-order notice and sound.
 * The outbox delivers an event once per subscriber, so one notice per order.
 */
export async function goodsOrderPaidNotice(tx: Ctx, e: DeliveredEvent<'goods-order.paid'>): Promise<void> {
  const renterId = e.renterId;
  if (!renterId) return;
  const p = e.payload;
  const paidTime = fmtTime(new Date(p.paidAt));
  await notify(tx, renterId, {
    title: '您有新的订单',
    content: `订单 ${p.orderNo} 已付款 ¥${fenText(p.payFen)}（${p.title}）`,
    link: `/GoodsOrderDetail?id=${p.orderId}`,
    tts: true,
  });
  const push: GoodsOrderPaidPush = { orderId: p.orderId, orderNo: p.orderNo, amount: fenToYuan(p.payFen), title: p.title, paidTime };
  afterCommit(tx, () => tx.services.hub.dataToRenter(renterId, GOODS_ORDER_PAID_EVENT, push));
}
