import { GOODS_ORDER_STATUS } from '@contract/index';

/** The detail page's steps 下单 → 付款 → 发货 → 完成: which one the order is at, and how its times read. */
export function stepsOf(o: {
  status: number;
  createTime: string;
  payTime: string;
  shippedTime: string;
  completedTime: string;
  closedTime: string;
}) {
  const items = [
    { title: '下单', description: o.createTime },
    { title: '付款', description: o.payTime },
    { title: '发货', description: o.shippedTime },
    { title: '完成', description: o.completedTime },
  ];
  if (o.status === GOODS_ORDER_STATUS.closed) {
    // Closed where it stopped: before payment, or after it (a paid order cancelled and refunded).
    const at = o.payTime ? 2 : 1;
    return {
      current: at,
      status: 'error' as const,
      items: items.map((s, i) => (i === at ? { title: '已关闭', description: o.closedTime } : s)),
    };
  }
  const current = { 0: 1, 1: 2, 2: 3, 3: 3 }[o.status] ?? 0;
  return { current, status: o.status === GOODS_ORDER_STATUS.done ? ('finish' as const) : ('process' as const), items };
}
