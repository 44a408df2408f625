import { scaleFen } from '@shop/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { goods, goodsActivities, goodsActivitySkus, goodsSkus, pointsGoods } from '@/db/schema';
import type { Tenant } from '@/core/tenant';

const DAY = 86_400_000;

/**
 * The demo enterprise's points mall (three goods: one linked to the croissant, one virtual with points + cash, one
 * exchanged out and off the shelf) and one coming 限时折扣 over the cake, so /AGood and the activity calls are alive.
 * Runs after seedDemoGoods.
 */
export async function seedDemoPointsGoods(tenant: Tenant, userId: string): Promise<void> {
  const { db, renterId } = tenant;
  const catalogue = await db
    .select({ id: goods.id, title: goods.title })
    .from(goods)
    .where(and(eq(goods.renterId, renterId), inArray(goods.title, ['法式黄油可颂', '草莓奶油蛋糕'])));
  const idOf = (title: string) => catalogue.find((g) => g.title === title)?.id ?? null;
  const now = Date.now();
  await db.insert(pointsGoods).values([
    {
      renterId,
      title: '法式黄油可颂兑换券',
      kind: 1,
      goodsId: idOf('法式黄油可颂'),
      description: '<p>凭券到店领取一个法式黄油可颂。</p>',
      points: 300,
      marketPriceFen: 1200,
      stock: 50,
      perMemberLimit: 2,
      exchanged: 6,
      status: 1,
      sort: 1,
      createdBy: userId,
    },
    {
      renterId,
      title: '咖啡买一送一券',
      kind: 2,
      description: '<p>任意咖啡第二杯免费，有效期 30 天。</p>',
      points: 100,
      cashFen: 990,
      marketPriceFen: 2200,
      stock: 200,
      perMemberLimit: 0,
      status: 1,
      sort: 2,
      startAt: new Date(now - DAY),
      endAt: new Date(now + 60 * DAY),
      createdBy: userId,
    },
    {
      renterId,
      title: '定制帆布袋',
      kind: 1,
      points: 800,
      marketPriceFen: 3900,
      stock: 0,
      exchanged: 30,
      status: 0,
      sort: 3,
      createdBy: userId,
    },
  ]);
  const cakeId = idOf('草莓奶油蛋糕');
  if (!cakeId) return;
  const skus = await db
    .select()
    .from(goodsSkus)
    .where(and(eq(goodsSkus.renterId, renterId), eq(goodsSkus.goodsId, cakeId)))
    .orderBy(asc(goodsSkus.sort));
  const [activity] = await db
    .insert(goodsActivities)
    .values({
      renterId,
      name: '周末蛋糕限时折扣',
      type: 1,
      startAt: new Date(now + 2 * DAY),
      endAt: new Date(now + 4 * DAY),
      perMemberLimit: 1,
      tag: '限时折扣',
      createdBy: userId,
    })
    .returning();
  await db.insert(goodsActivitySkus).values(
    skus.map((s, i) => ({
      renterId,
      activityId: activity.id,
      goodsId: cakeId,
      skuId: s.id,
      priceFen: scaleFen(s.priceFen, 4, 5),
      stock: Math.min(s.stock, 5),
      sort: i,
    })),
  );
}
