/**
 * Rows of every tenant table for one renter, and the tables themselves (cross-renter.test.ts, tenant-keys.test.ts).
 * The demo seeds give goods, categories, units, SKUs, points goods, activities, forms, submissions and form orders;
 * tenantRows adds one row of each kind they lack.
 */
import { seedTenant } from '@/core/tenant';
import { randomInt, randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
import type { Person, TestApp } from './helper';
import * as schema from '@/db/schema';
import { seedDemoForms } from '@/demo/seed-forms';
import { seedDemoGoods, seedDemoGoodsCatalogue } from '@/demo/seed-goods';
import { seedDemoPointsGoods } from '@/demo/seed-points-goods';

/** Every table with a renter_id column, by its SQL name. */
export const TENANT_TABLES: ReadonlyMap<string, PgTable> = new Map(
  (Object.values(schema) as unknown[])
    .filter((x): x is PgTable => is(x, PgTable) && 'renterId' in getTableColumns(x))
    .map((x) => [getTableName(x), x] as const),
);

/** The tenant tables whose rows have an id of their own: what an endpoint's id may name. */
export const ID_TABLES: ReadonlyMap<string, PgTable> = new Map([...TENANT_TABLES].filter(([, table]) => 'id' in getTableColumns(table)));

/** The ids of up to `limit` of the renter's rows in a table (in id order); for `renters`, the renter itself. */
export async function idsOf(db: Db, table: string, renterId: string, limit = 3): Promise<string[]> {
  if (table === 'renters') return [renterId];
  const t = ID_TABLES.get(table);
  if (!t) throw new Error(`no tenant table ${table} with ids`);
  const cols = getTableColumns(t) as unknown as Record<string, typeof schema.goods.id>;
  const rows = await db.select({ id: cols.id }).from(t).where(eq(cols.renterId, renterId)).orderBy(asc(cols.id)).limit(limit);
  return rows.map((r) => String(r.id));
}

/** Every row of the renter, table by table, for "nothing changed" comparisons. */
export async function snapshotOf(db: Db, renterId: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const [renter] = await db.select().from(schema.renters).where(eq(schema.renters.id, renterId));
  out.renters = [JSON.stringify(renter)];
  for (const [name, t] of TENANT_TABLES) {
    const cols = getTableColumns(t) as unknown as Record<string, typeof schema.goods.renterId>;
    const rows = await db.select().from(t).where(eq(cols.renterId, renterId));
    out[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

/** The demo's goods, forms and points goods for any renter (seedDemo does this for 演示店铺 only). */
export async function demoRows(db: Db, renterId: string, userId: string): Promise<void> {
  const tenant = seedTenant(db, renterId);
  await seedDemoForms(tenant, userId);
  await seedDemoGoodsCatalogue(tenant);
  await seedDemoGoods(tenant, userId);
  await seedDemoPointsGoods(tenant, userId);
}

/** One row of each tenant table the demo seeds leave empty, linked to the renter's other rows as the product links them. */
export async function tenantRows(db: Db, renterId: string, userId: string): Promise<void> {
  const s = schema;
  const tag = renterId.slice(0, 8);
  await db.insert(s.goodsSpecTemplates).values({ renterId, name: '颜色', specs: [{ name: '颜色', values: ['红', '蓝'] }] });
  await db.insert(s.goodsPropertyKeys).values({ renterId, name: '产地', values: ['云南'] });
  await db.insert(s.goodsImports).values({ renterId, fileName: '商品.xlsx', totalRows: 1, rows: [] });
  const [dir] = await db.insert(s.fileDirs).values({ renterId, name: '活动图' }).returning();
  await db.insert(s.fileDirs).values({ renterId, parentId: dir.id, name: '子目录' });
  const path = `${renterId}/2026/01/${randomUUID()}.png`;
  const [file] = await db
    .insert(s.files)
    .values({ renterId, path, url: `/file/${path}`, mime: 'image/png', size: 10, ownerType: 'staff', ownerId: userId, dirId: dir.id })
    .returning();
  const [task] = await db
    .insert(s.imageTransferTasks)
    .values({ renterId, dirId: dir.id, status: 2, total: 1, doneCount: 1, okCount: 1 })
    .returning();
  await db
    .insert(s.imageTransferItems)
    .values({ renterId, taskId: task.id, seq: 0, url: 'https://img.example.com/a.png', status: 1, fileId: file.id, fileUrl: file.url });
  await db
    .insert(s.returnAddresses)
    .values({ renterId, name: '退货人', phone: '13912345678', area: ['44', '4403', '440305'], address: '科技园1号' });
  const payId = randomUUID();
  const buyId = randomUUID();
  const outTradeNo = payId.replaceAll('-', '');
  await db
    .insert(s.payOrders)
    .values({ id: payId, renterId, bizType: 'billing', bizId: buyId, outTradeNo, subject: '续费', amountFen: 100, provider: 'sandbox' });
  await db
    .insert(s.renterBuys)
    .values({ id: buyId, renterId, productId: 'social-pro', mdornf: 2, years: 1, amountFen: 100, payOrderId: payId, createdBy: userId });
  const refundId = randomUUID();
  await db.insert(s.payRefunds).values({
    id: refundId,
    renterId,
    payOrderId: payId,
    refundNo: refundId.replaceAll('-', ''),
    intentKey: 'fixture',
    bizType: 'billing',
    bizId: buyId,
    amountFen: 1,
  });
  const [order] = await db.select().from(s.formOrders).where(eq(s.formOrders.renterId, renterId)).limit(1);
  await db.insert(s.formOrderTakes).values({ renterId, orderId: order.id, code: order.verifyCode ?? '00000000', staffUserId: userId });
  const [pg] = await db.select().from(s.pointsGoods).where(eq(s.pointsGoods.renterId, renterId)).limit(1);
  await db.insert(s.pointsGoodsExchanges).values({ renterId, pointsGoodsId: pg.id, memberId: randomUUID(), qty: 1, points: pg.points });
  await db.insert(s.loginLogs).values({ renterId, userId, phone: '13912345678', way: 'pwd', ok: true });
  const [member] = await db
    .insert(s.members)
    .values({ renterId, phone: `17${String(randomInt(0, 1e9)).padStart(9, '0')}`, nickname: '顾客' })
    .returning();
  await db
    .insert(s.memberTokens)
    .values({ renterId, memberId: member.id, tokenHash: `t-${randomUUID()}`, expiresAt: new Date(Date.now() + 86_400_000) });
  const rights = { discount: 950, pointsTimes: 10, freeShipping: false, birthdayPoints: 0 };
  const look = { bgColor: '#333333', bgImage: '', textColor: '#ffffff' };
  const [memberTag] = await db
    .insert(s.memberTags)
    .values({ renterId, name: `老客${tag}`, memberCount: 1 })
    .returning();
  await db.insert(s.memberTagLinks).values({ renterId, tagId: memberTag.id, memberId: member.id });
  const [group] = await db
    .insert(s.memberGroups)
    .values({ renterId, name: '高消费', rule: { op: 'and', items: [{ field: 'spend', min: 100 }] } })
    .returning();
  await db.insert(s.memberGroupLinks).values({ renterId, groupId: group.id, memberId: member.id });
  const [level] = await db
    .insert(s.memberLevels)
    .values({ renterId, name: '黄金会员', rank: 1, growth: 100, rights, card: look })
    .returning();
  // The member holds the level (a level filter finds them).
  await db.update(s.members).set({ levelId: level.id }).where(eq(s.members.id, member.id));
  await db.insert(s.memberSettings).values({ renterId });
  await db.insert(s.growthRecords).values({ renterId, memberId: member.id, change: 10, growthAfter: 10, kind: 1, reason: '补发' });
  await db.insert(s.levelGrants).values({ renterId, memberId: member.id, levelId: level.id, levelName: level.name, source: 2 });
  const [card] = await db.insert(s.vipCards).values({ renterId, name: '至尊卡', rights, cover: look }).returning();
  await db.insert(s.memberCards).values({ renterId, cardId: card.id, memberId: member.id, cardNo: `C${tag}`, source: 3 });
  // Level and rights-card orders (issue 15, member orders).
  await db.insert(s.memberOrders).values({
    renterId,
    kind: 1,
    orderNo: `LV${tag}`,
    memberId: member.id,
    itemId: level.id,
    itemName: level.name,
    priceFen: 100,
    validDays: 30,
    amountFen: 100,
  });
  await db.insert(s.memberOrders).values({
    renterId,
    kind: 2,
    orderNo: `VC${tag}`,
    memberId: member.id,
    itemId: card.id,
    itemName: card.name,
    priceFen: 100,
    validDays: 30,
    amountFen: 100,
  });
  const [imp] = await db.insert(s.memberImports).values({ renterId, fileName: '会员.xlsx', totalRows: 1 }).returning();
  await db.insert(s.memberImportRows).values({ renterId, importId: imp.id, rowNo: randomInt(2, 1e6), data: { phone: '13912345678' } });
  await db.insert(s.memberEvents).values({ renterId, memberId: member.id, kind: 'register', title: '注册成为会员' });
  await db.insert(s.exportTasks).values({ renterId, kind: 'customers', params: {}, status: 1, total: 1, done: 1, fileName: '客户.xlsx' });
  const [goods] = await db.select().from(s.goods).where(eq(s.goods.renterId, renterId)).limit(1);
  // Goods orders (issue 15): an order with its line, timeline, parcel and pick-up record; a cart row, an address, a
  // stock ledger row.
  const [sku] = await db.select().from(s.goodsSkus).where(eq(s.goodsSkus.goodsId, goods.id)).limit(1);
  const [gOrder] = await db
    .insert(s.goodsOrders)
    .values({
      renterId,
      orderNo: `G${tag}`,
      memberId: member.id,
      shopId: renterId,
      deliveryMethod: 1,
      title: goods.title,
      goodsFen: 100,
      payFen: 100,
    })
    .returning();
  const [gLine] = await db
    .insert(s.goodsOrderLines)
    .values({
      renterId,
      orderId: gOrder.id,
      memberId: member.id,
      goodsId: goods.id,
      skuId: sku.id,
      title: goods.title,
      unitFen: 100,
      qty: 1,
      lineFen: 100,
    })
    .returning();
  await db.insert(s.goodsOrderTitles).values({ renterId, title: goods.title }).onConflictDoNothing();
  await db.insert(s.orderLogs).values({ renterId, orderId: gOrder.id, action: '买家下单', actorKind: 'member' });
  await db.insert(s.goodsOrderParcels).values({
    renterId,
    orderId: gOrder.id,
    companyCode: 'SF',
    companyName: '顺丰速运',
    trackingNo: `SF${tag}`,
    items: [{ lineId: gLine.id, qty: 1 }],
  });
  await db.insert(s.goodsOrderTakes).values({ renterId, orderId: gOrder.id, code: '12345678', staffUserId: userId });
  await db.insert(s.carts).values({ renterId, memberId: member.id, goodsId: goods.id, skuId: sku.id, qty: 1 });
  // After-sales (售后维权): a request of the order's line, its history row, the renter's settings.
  const item = { lineId: gLine.id, skuId: sku.id, title: goods.title, skuText: '', image: '', unitFen: 100, qty: 1 };
  const [sale] = await db
    .insert(s.afterSales)
    .values({
      renterId,
      afterSaleNo: `S${tag}`,
      orderId: gOrder.id,
      orderNo: gOrder.orderNo,
      memberId: member.id,
      type: 1,
      items: [item],
      reason: '不想要了',
    })
    .returning();
  await db.insert(s.afterSaleLogs).values({ renterId, afterSaleId: sale.id, actorKind: 'member', action: '买家申请售后' });
  await db.insert(s.afterSaleSettings).values({ renterId });
  await db
    .insert(s.memberAddresses)
    .values({ renterId, memberId: member.id, name: '张三', phone: '13912345678', area: ['44', '4403', '440305'], address: '科技园1号' });
  await db.insert(s.goodsStockMoves).values({
    renterId,
    skuId: sku.id,
    goodsId: goods.id,
    delta: -1,
    stockAfter: 0,
    reason: 'order',
    orderId: gOrder.id,
    idemKey: `k-${tag}`,
  });
  await db
    .insert(s.outboxEvents)
    .values({ renterId, type: 'goods.created', payload: { goodsId: goods.id, goodsNo: goods.goodsNo, title: goods.title } });
  await db.insert(s.idempotencyKeys).values({ renterId, userId, key: `k-${tag}`, endpoint: '/Goods/GoodUnit/save', bodyHash: 'x' });
  const [owner] = await db
    .select()
    .from(s.roles)
    .where(and(eq(s.roles.renterId, renterId), eq(s.roles.isOwner, true)));
  const [role] = await db
    .insert(s.roles)
    .values({ renterId, name: `店员${tag}`, menuKeys: owner.menuKeys.slice(0, 3) })
    .returning();
  const [shop] = await db.select().from(s.shops).where(eq(s.shops.renterId, renterId)).limit(1);
  const [user] = await db
    .insert(s.users)
    .values({ phone: `19${String(randomInt(0, 1e9)).padStart(9, '0')}`, passwordHash: 'x', name: '店员' })
    .returning();
  const [clerk] = await db
    .insert(s.staff)
    .values({ renterId, userId: user.id, shopId: shop.id, roleId: role.id, name: '店员', invitedBy: userId })
    .returning();
  await db.insert(s.deliverySettings).values({ renterId, shopId: shop.id, pickup: 1 });
  await db.insert(s.pickupPoints).values({
    renterId,
    name: `自提点${tag}`,
    area: ['44', '4403', '440305'],
    address: '科技园1号',
    lng: 113.95,
    lat: 22.54,
    phone: '13912345678',
    hours: { days: [1, 2, 3, 4, 5], ranges: [{ start: '09:00', end: '18:00' }] },
    staffIds: [clerk.id],
  });
  const [tpl] = await db
    .insert(s.freightTemplates)
    .values({ renterId, name: `按件${tag}`, chargeBy: 1, firstUnits: 1, firstFen: 1000, nextUnits: 1, nextFen: 200 })
    .returning();
  await db.update(s.goods).set({ postFeeMode: 2, freightTemplateId: tpl.id }).where(eq(s.goods.id, goods.id));
  await db.insert(s.expressAccounts).values({ renterId, waybillQuota: 100 });
  const expressPayId = randomUUID();
  const expressBuyId = randomUUID();
  await db.insert(s.payOrders).values({
    id: expressPayId,
    renterId,
    bizType: 'express-package',
    bizId: expressBuyId,
    outTradeNo: expressPayId.replaceAll('-', ''),
    subject: '电子面单',
    amountFen: 1000,
    provider: 'sandbox',
  });
  await db.insert(s.expressBuys).values({
    id: expressBuyId,
    renterId,
    packageId: 'waybill-100',
    packageName: '电子面单100单',
    waybills: 100,
    amountFen: 1000,
    payOrderId: expressPayId,
    createdBy: userId,
  });
}

/** Two enterprises (甲公司, 乙公司) with the demo rows and a row of every other tenant table each. */
export async function twoRenters(t: TestApp): Promise<[Person, Person]> {
  const pair: [Person, Person] = [await t.registerOwner('甲公司'), await t.registerOwner('乙公司')];
  for (const p of pair) {
    await demoRows(t.db, p.renterId, p.userId);
    await tenantRows(t.db, p.renterId, p.userId);
  }
  return pair;
}
