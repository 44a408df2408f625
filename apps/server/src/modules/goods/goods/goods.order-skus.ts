import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '@/core/context';
import { tenantFor } from '@/core/tenant';
import { goods, goodsSkus } from '@/modules/goods/goods.tables';

/** What checkout, cart and pricing need of a SKU and its goods (read in one query). */
export interface OrderSku {
  skuId: string;
  goodsId: string;
  title: string;
  mainImage: string;
  specValues: Record<string, string>;
  priceFen: number;
  stock: number;
  /** 1 on sale, 0 off shelf, 2 scheduled. */
  status: number;
  startSaleAt: Date | null;
  /** Goods type: 1 physical, 2 virtual, 3 service. */
  type: number;
  joinVip: boolean;
  purchaseLimit: number;
  postFeeMode: number;
  postFeeFen: number;
  freightTemplateId: string | null;
  delivery: string[];
  weightG: number;
}

/** The SKUs (with their goods) of these ids within the renter; missing ones are simply absent. */
export async function skusForOrder(ctx: Ctx, renterId: string, skuIds: string[]): Promise<Map<string, OrderSku>> {
  if (skuIds.length === 0) return new Map();
  const { db } = tenantFor(ctx, renterId);
  const rows = await db
    .select({
      skuId: goodsSkus.id,
      goodsId: goods.id,
      title: goods.title,
      mainImage: goods.mainImage,
      specValues: goodsSkus.specValues,
      priceFen: goodsSkus.priceFen,
      stock: goodsSkus.stock,
      status: goods.status,
      startSaleAt: goods.startSaleAt,
      type: goods.type,
      joinVip: goods.joinVip,
      purchaseLimit: goods.purchaseLimit,
      postFeeMode: goods.postFeeMode,
      postFeeFen: goods.postFeeFen,
      freightTemplateId: goods.freightTemplateId,
      delivery: goods.delivery,
      weightG: goodsSkus.weightG,
    })
    .from(goodsSkus)
    .innerJoin(goods, and(eq(goods.renterId, goodsSkus.renterId), eq(goods.id, goodsSkus.goodsId)))
    .where(and(eq(goodsSkus.renterId, renterId), inArray(goodsSkus.id, [...new Set(skuIds)])));
  return new Map(rows.map((r) => [r.skuId, r]));
}
