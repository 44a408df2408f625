import { BizError } from '@/core/errors';
import { tenantFor } from '@/core/tenant';
import { deliveryMethodsOf, quoteFreight } from '@/modules/delivery';
import type { FreightQuote, ShopDeliveryOf } from '@/modules/orders';

/**
 * The order core's freight step (orders pricing README) through the delivery module's rules (delivery README): 快递
 * and 同城 pay the goods' flat fee or their freight template's for the address (its most specific code); 自提 pays
 * nothing. An address a template does not deliver to refuses the order with delivery's reason, which names the goods.
 * Before an address is chosen (a preview) the templates' default rules apply.
 */
export const deliveryFreight: FreightQuote = async (ctx, renterId, q) => {
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
};

/**
 * The shop's 配送设置 for checkout (orders pricing README step 8): the methods switched on, and 同城配送's 起送价, 配送费
 * and 满额免配送费. A shop that never saved settings offers 快递发货 only (delivery README).
 */
export const shopDelivery: ShopDeliveryOf = async (ctx, renterId, shopId) => {
  const d = await deliveryMethodsOf(tenantFor(ctx, renterId), shopId);
  return {
    methods: [d.express && 1, d.pickup && 2, d.local && 3].filter((m): m is number => typeof m === 'number'),
    localMinFen: d.localMinFen,
    localFeeFen: d.localFeeFen,
    localFreeFen: d.localFreeFen,
  };
};
