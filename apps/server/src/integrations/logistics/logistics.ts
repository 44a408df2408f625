/** What a carrier's tracking answers: the parcel's state and its timeline (newest first). */
export interface Tracking {
  /** LOGISTICS_STATE: 0 待揽收, 1 已揽收, 2 运输中, 3 派送中, 4 已签收. */
  state: number;
  traces: { time: Date; text: string }[];
}

export const LOGISTICS_STATE_TEXT: Record<number, string> = { 0: '待揽收', 1: '已揽收', 2: '运输中', 3: '派送中', 4: '已签收' };

/**
 * A logistics tracking service (快递100, 快递鸟, a carrier's own API). `shippedAt` is when the merchant shipped: a real
 * service ignores it, the dev one derives the timeline from it.
 */
export interface LogisticsProvider {
  readonly name: string;
  query(q: { company: string; trackingNo: string; shippedAt: Date; now?: Date }): Promise<Tracking>;
}
