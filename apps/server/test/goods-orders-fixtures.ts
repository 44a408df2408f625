/** Goods, members and orders for the goods-order tests, written at the tables (the console's forms are tested elsewhere). */
import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { systemCtx as jobCtx } from '@/core/context';
import type { Ctx } from '@/core/context';
import { deliverySettings, goods, goodsOrders, goodsSkus, members, payOrders, shops } from '@/db/schema';
import { placeGoodsOrder } from '@/modules/orders';
import type { TestApp } from './helper';

let n = 0;

export interface GoodsOpts {
  title?: string;
  priceFen?: number;
  stock?: number;
  status?: number;
  startSaleAt?: Date | null;
  purchaseLimit?: number;
  delivery?: string[];
  postFeeFen?: number;
  joinVip?: boolean;
}

/** A goods with one SKU; answers both ids. */
export async function makeGoods(t: TestApp, renterId: string, o: GoodsOpts = {}) {
  n++;
  const [g] = await t.db
    .insert(goods)
    .values({
      renterId,
      goodsNo: `GO${Date.now()}${n}`,
      title: o.title ?? `测试商品${n}`,
      status: o.status ?? 1,
      startSaleAt: o.startSaleAt ?? null,
      purchaseLimit: o.purchaseLimit ?? 0,
      delivery: o.delivery ?? ['express', 'pickup'],
      postFeeFen: o.postFeeFen ?? 0,
      joinVip: o.joinVip ?? false,
    })
    .returning();
  const [s] = await t.db
    .insert(goodsSkus)
    .values({ renterId, goodsId: g.id, skuKey: '', priceFen: o.priceFen ?? 10_000, stock: o.stock ?? 100 })
    .returning();
  return { goodsId: g.id, skuId: s.id, title: g.title };
}

export async function makeMember(t: TestApp, renterId: string) {
  const [m] = await t.db
    .insert(members)
    .values({ renterId, phone: `17${String(randomInt(0, 1e9)).padStart(9, '0')}`, nickname: '买家' })
    .returning();
  return m.id;
}

/** The context of work for one renter without a request (a seed, a job): what placeGoodsOrder takes. */
export const renterCtx = (t: TestApp, renterId: string): Ctx =>
  jobCtx({ db: t.db, services: t.services, log: t.app.log }, 'test', 'test', renterId);

export const ADDRESS = {
  name: '张三',
  phone: '13912345678',
  area: ['44', '4403', '440305'],
  areaText: '广东省 深圳市 南山区',
  address: '科技园1号',
};

/** The renter's shop (registration makes one). */
export async function shopIdOf(t: TestApp, renterId: string): Promise<string> {
  return (await t.db.select({ id: shops.id }).from(shops).where(eq(shops.renterId, renterId)).limit(1))[0].id;
}

export interface DeliverySwitches {
  express?: number;
  pickup?: number;
  local?: number;
  localMinFen?: number;
  localFeeFen?: number;
  localFreeFen?: number;
}

/** The shop's 配送设置 written at the table (the console's SaveLocalSet / EditExpressState are tested in delivery.test). */
export async function setShopDelivery(t: TestApp, renterId: string, shopId: string, s: DeliverySwitches) {
  const values = { express: 1, pickup: 0, local: 0, localMinFen: 0, localFeeFen: 0, localFreeFen: 0, ...s };
  await t.db
    .insert(deliverySettings)
    .values({ renterId, shopId, ...values })
    .onConflictDoUpdate({ target: [deliverySettings.renterId, deliverySettings.shopId], set: values });
}

/** Every method on (快递, 自提, 同城 with no terms): the goods alone decide, as before shops had switches. */
export async function openEveryMethod(t: TestApp, renterId: string) {
  await setShopDelivery(t, renterId, await shopIdOf(t, renterId), { express: 1, pickup: 1, local: 1 });
}

export async function place(
  t: TestApp,
  renterId: string,
  memberId: string,
  lines: { skuId: string; qty: number }[],
  over: Partial<Parameters<typeof placeGoodsOrder>[1]> = {},
) {
  return placeGoodsOrder(renterCtx(t, renterId), {
    renterId,
    shopId: await shopIdOf(t, renterId),
    memberId,
    memberPhone: '',
    lines,
    deliveryMethod: 1,
    address: ADDRESS,
    ...over,
  });
}

export const orderOf = async (t: TestApp, id: string) => (await t.db.select().from(goodsOrders).where(eq(goodsOrders.id, id)))[0];
export const stockOf = async (t: TestApp, skuId: string) => (await t.db.select().from(goodsSkus).where(eq(goodsSkus.id, skuId)))[0].stock;
export const payOf = async (t: TestApp, orderId: string) => (await t.db.select().from(payOrders).where(eq(payOrders.bizId, orderId)))[0];
/** Makes the jobs of these names due now (their startAfter passed). */
export async function makeDue(t: TestApp, name: string) {
  await t.db.execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = ${name} and state = 'created'`);
}
