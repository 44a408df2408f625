import type { Ctx } from '@/core/context';
import { BizError } from '@/core/errors';
import { tenantFor } from '@/core/tenant';
import { deliveryMethodsOf, quoteFreight } from '@/modules/delivery';
import type { OrderSku } from '@/modules/goods';

/**
 * What the shop's 配送设置 allow: the methods switched on (1 快递, 2 自提, 3 同城) and 同城配送's terms in fen — 起送价
 * (`localMinFen`), the flat 配送费 and 满额免配送费 (`localFreeFen`, 0: never free).
 */
export interface ShopDelivery {
  methods: number[];
  localMinFen: number;
  localFeeFen: number;
  localFreeFen: number;
}

/**
 * The freight step (pricing README step 8) by the delivery module's rules (delivery README): 快递
 * and 同城 pay the goods' flat fee or their freight template's for the address (its most specific code); 自提 pays
 * nothing. An address a template does not deliver to refuses the order with delivery's reason, which names the goods.
 * Before an address is chosen (a preview) the templates' default rules apply.
 */
export async function deliveryFreight(
  ctx: Ctx,
  renterId: string,
  q: { method: number; area: string[] | null; lines: { sku: OrderSku; qty: number }[] },
): Promise<number> {
  if (q.method === 2) return 0;
  const areaCode = [...(q.area ?? [])].reverse().find(Boolean) ?? '';
  const quote = await quoteFreight(tenantFor(ctx, renterId), {
    areaCode,
    items: q.lines.map(({ sku, qty }) => ({
      goodsId: sku.goodsId,
      title: sku.title,
      postFeeMode: sku.postFeeMode === 2 ? 2 : 1,
      postFeeFen: sku.postFeeFen,
      freightTemplateId: sku.freightTemplateId,
      qty,
      weightG: sku.weightG,
      lineFen: sku.priceFen * qty,
    })),
  });
  if (quote.undeliverable.length) throw new BizError(quote.undeliverable[0].reason);
  return quote.fen;
}

/**
 * The shop's 配送设置 for checkout (pricing README step 8): the methods switched on, and 同城配送's 起送价, 配送费
 * and 满额免配送费. A shop that never saved settings offers 快递发货 only (delivery README).
 */
export async function shopDelivery(ctx: Ctx, renterId: string, shopId: string): Promise<ShopDelivery> {
  const d = await deliveryMethodsOf(tenantFor(ctx, renterId), shopId);
  return {
    methods: [d.express && 1, d.pickup && 2, d.local && 3].filter((m): m is number => typeof m === 'number'),
    localMinFen: d.localMinFen,
    localFeeFen: d.localFeeFen,
    localFreeFen: d.localFreeFen,
  };
}
