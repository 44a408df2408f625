import { z } from 'zod';
import { customerEndpoint, empty } from '../core/endpoint';

/** Most pick-up points the customer side lists (a shop keeps a handful; the newest first beyond that). */
export const H5_PICKUP_MAX = 100;

/** A pick-up point as a customer chooses it at checkout: where, when open, whom to call. */
export const h5PickupPoint = z.object({
  id: z.string(),
  name: z.string(),
  /** '广东省 深圳市 南山区'. */
  areaText: z.string(),
  address: z.string(),
  phone: z.string(),
  /** Days of the week it is open: 1 Monday … 7 Sunday. */
  days: z.array(z.number().int()),
  hours: z.array(z.object({ start: z.string(), end: z.string() })),
});

/** Delivery on the customer side (delivery README "Customer side"): the shop in the `shop-id` header. */
export const h5DeliveryEndpoints = {
  PickupPoints: customerEndpoint({
    method: 'POST',
    path: '/h5/Pickup/List',
    summary: '确认订单：店铺启用中的自提点（最新的100个）',
    body: empty,
    data: z.object({ rows: z.array(h5PickupPoint) }),
    actor: 'member',
    shop: true,
  }),
};
