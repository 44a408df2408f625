import { and, eq, inArray } from 'drizzle-orm';
import type { Tenant } from '@/core/tenant';
import { deliverySettings, freightTemplates, goods, pickupPoints, shops } from '@/db/schema';

/**
 * The demo enterprise's delivery: 到店自提 on beside 快递发货, one pick-up point in 深圳南山, and two freight templates
 * (全国包邮 except 新疆 / 西藏, 按重量 with a cheaper 广东 rule and free shipping from ¥199), the second charging the
 * cake; the bakery's goods (可颂, 蛋糕, 曲奇) offer 到店自提 too. Runs after seedDemoGoods.
 */
export async function seedDemoDelivery(tenant: Tenant, userId: string): Promise<void> {
  const { db, renterId } = tenant;
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.renterId, renterId)).limit(1);
  if (shop) await db.insert(deliverySettings).values({ renterId, shopId: shop.id, express: 1, pickup: 1, local: 0, updatedBy: userId });
  await db.insert(pickupPoints).values({
    renterId,
    name: '南山科技园自提点',
    area: ['44', '4403', '440305'],
    address: '科技园南区高新南七道 8 号 1 楼',
    lng: 113.9465,
    lat: 22.5405,
    phone: '0755-86668888',
    hours: { days: [1, 2, 3, 4, 5, 6, 7], ranges: [{ start: '09:00', end: '21:00' }] },
    createdBy: userId,
  });
  const [, byWeight] = await db
    .insert(freightTemplates)
    .values([
      {
        renterId,
        name: '全国包邮',
        chargeBy: 1,
        firstUnits: 1,
        firstFen: 0,
        nextUnits: 1,
        nextFen: 0,
        noDelivery: ['65', '54'],
        createdBy: userId,
      },
      {
        renterId,
        name: '按重量',
        chargeBy: 2,
        firstUnits: 1000,
        firstFen: 1200,
        nextUnits: 500,
        nextFen: 400,
        regions: [{ areas: ['44'], first: 1000, firstFen: 800, next: 500, nextFen: 200 }],
        freeRules: [{ areas: [], minUnits: 0, minFen: 19900 }],
        createdBy: userId,
      },
    ])
    .returning({ id: freightTemplates.id });
  await db
    .update(goods)
    .set({ postFeeMode: 2, freightTemplateId: byWeight.id })
    .where(and(eq(goods.renterId, renterId), eq(goods.title, '草莓奶油蛋糕')));
  // The bakery's goods may also be collected at the shop (the demo orders have pick-up orders among them).
  await db
    .update(goods)
    .set({ delivery: ['express', 'pickup'] })
    .where(and(eq(goods.renterId, renterId), inArray(goods.title, ['法式黄油可颂', '草莓奶油蛋糕', '手工曲奇礼盒'])));
}
