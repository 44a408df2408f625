import type { Ctx } from '@/core/context';
import type { OrderSku } from '@/modules/goods';

/** A member's rights that change prices (members' levels; rights cards later): discount in ‰ (1000 none). */
export interface MemberPriceRights {
  discount: number;
  freeShipping: boolean;
}

/** What the freight step needs to know; answers fen, or null when the address is not delivered to. */
export type FreightQuote = (
  ctx: Ctx,
  renterId: string,
  q: { method: number; area: string[] | null; lines: { sku: OrderSku; qty: number }[] },
) => Promise<number | null>;

/**
 * The goods' flat post fee rule, until the delivery module's `quoteFreight` (helper H1) is wired in
 * (workflows/index.ts `setPricingPorts`, one line): 快递 and 同城 cost the highest flat post fee (post_fee_mode 1)
 * among the order's goods — one parcel carries them all; goods priced by a freight template (mode 2) count 0 until
 * templates exist; 自提 costs nothing; every address is delivered to.
 */
export const flatPostFee: FreightQuote = async (_ctx, _renterId, q) => {
  if (q.method === 2) return 0;
  return q.lines.reduce((m, l) => (l.sku.postFeeMode === 1 ? Math.max(m, l.sku.postFeeFen) : m), 0);
};

/**
 * What the shop's 配送设置 allow (delivery `deliveryMethodsOf`): the methods switched on (1 快递, 2 自提, 3 同城) and
 * 同城配送's terms in fen — 起送价 (`localMinFen`), the flat 配送费 and 满额免配送费 (`localFreeFen`, 0: never free).
 */
export interface ShopDelivery {
  methods: number[];
  localMinFen: number;
  localFeeFen: number;
  localFreeFen: number;
}

/** The shop's delivery settings; the default (unwired) allows every method with no 同城 terms. */
export type ShopDeliveryOf = (ctx: Ctx, renterId: string, shopId: string) => Promise<ShopDelivery>;

export const everyMethod: ShopDeliveryOf = async () => ({ methods: [1, 2, 3], localMinFen: 0, localFeeFen: 0, localFreeFen: 0 });

export interface PricingPorts {
  /** The member's price rights now (none for a visitor or without levels). */
  memberRights: (ctx: Ctx, renterId: string, memberId: string) => Promise<MemberPriceRights>;
  freight: FreightQuote;
  /** The shop's 配送设置 (workflows/order-delivery.ts `shopDelivery`). */
  shopDelivery: ShopDeliveryOf;
}

const none: MemberPriceRights = { discount: 1000, freeShipping: false };

/** Set once by workflows/index.ts (orders cannot import members, which imports orders). */
export const pricingPorts: PricingPorts = {
  memberRights: async () => none,
  freight: flatPostFee,
  shopDelivery: everyMethod,
};

export function setPricingPorts(p: Partial<PricingPorts>): void {
  Object.assign(pricingPorts, p);
}
