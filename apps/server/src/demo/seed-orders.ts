import { GOODS_ORDER_STATUS as S } from '@shop/contract';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Ctx, inTx, type Services, systemCtx } from '@/core/context';
import { seedTenant, type Tenant, tenantFor } from '@/core/tenant';
import type { Db } from '@/db/client';
import { goods, goodsOrders, goodsOrderTakes, goodsSkus, memberLevels, members, renters, shops, vipCards } from '@/db/schema';
import { handleNotify, SandboxPaymentProvider } from '@/integrations/payment';
import { moveStock } from '@/modules/goods';
import { buyerCancel, confirmReceipt, type MoveBy, merchantCancel, moveGoodsOrder, placeGoodsOrder, shipInTx } from '@/modules/orders';
import { buyMemberOrder } from '@/modules/orders';

/**
 * The demo enterprise's orders (issue 15; orders README "Demo orders"): goods orders placed through
 * the checkout (`placeGoodsOrder`: pricing, stock, payment), paid through the sandbox provider's own path in process
 * (`payerConfirmed` → its signed notify → `handleNotify`, what the sandbox page's 确认支付 does), shipped with a parcel,
 * confirmed, collected, cancelled unpaid and cancelled paid (refunded) by the lifecycle functions the console and H5
 * use; and a few level and rights-card orders through the member centre's buy. Then the times are moved back over the
 * last `DEMO_ORDERS.days` days (created, paid, shipped, completed, closed; the timeline rows; the paid events' `paidAt`
 * not yet delivered, so members' last purchase follows). Unpaid orders are the newest (placed minutes ago): they close
 * by the auto-cancel job after 通用设置's unpaid minutes, like real ones. Choices come from a seeded generator, so two
 * runs place the same orders (numbers, codes and times aside).
 */
export const DEMO_ORDERS = {
  /** Goods orders placed. */
  goods: 300,
  /** Demo members who buy (the first by phone). */
  buyers: 60,
  days: 60,
  /** Level orders (黑卡会员) and rights-card orders (省钱年卡); most paid, one left unpaid each. */
  levelOrders: 5,
  cardOrders: 4,
  /** Units added to each buyable SKU first (reason 'demo-restock'), so the orders find stock and some is left. */
  restock: 400,
} as const;

type Fate = 'unpaid' | 'closedUnpaid' | 'refunded' | 'toShip' | 'shipped' | 'done';
/** Shares of the fates, in order (sum 1). */
const FATES: [Fate, number][] = [
  ['unpaid', 0.06],
  ['closedUnpaid', 0.1],
  ['refunded', 0.06],
  ['toShip', 0.14],
  ['shipped', 0.16],
  ['done', 0.48],
];

/** The fate of a draw in [0, 1) by the shares of FATES. */
function fateOf(r: number): Fate {
  let left = r;
  for (const [fate, share] of FATES) {
    left -= share;
    if (left < 0) return fate;
  }
  return 'done';
}

/** mulberry32: a small seeded generator (the same orders on every run). */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const ADDRESS = { name: '', phone: '', area: ['44', '4403', '440305'], areaText: '广东省 深圳市 南山区', address: '' };
const STREETS = ['科技园南区高新南七道 8 号', '深南大道 9988 号', '南海大道 3025 号', '后海大道 2388 号', '沙河西路 3011 号'];
const COMPANIES = [
  { code: 'SF', name: '顺丰速运' },
  { code: 'ZTO', name: '中通快递' },
  { code: 'YTO', name: '圆通速递' },
];

export interface DemoDeps {
  db: Db;
  services: Services;
  log: FastifyBaseLogger;
}

/** Pays an order's pay link in process, the way the sandbox page's 确认支付 does (its notify through handleNotify). */
export async function payInProcess(ctx: Ctx, payLink: string): Promise<void> {
  const sandbox = ctx.services.payment.provider;
  if (!(sandbox instanceof SandboxPaymentProvider)) throw new Error('demo orders need the sandbox payment provider');
  const outTradeNo = new URL(payLink).pathname.split('/').pop() ?? '';
  const notify = await sandbox.payerConfirmed(outTradeNo);
  if (!notify) throw new Error(`sandbox payment ${outTradeNo} could not be confirmed`);
  const out = await handleNotify(ctx, sandbox.name, notify.headers, Buffer.from(notify.body));
  if (out.result !== 'paid') throw new Error(`sandbox notify answered ${out.result}`);
}

/** The demo enterprise's orders (once, after seedDemo created it and the app's services exist). Answers the count. */
export async function seedDemoOrders(deps: DemoDeps, enterprise: string): Promise<number> {
  const [renter] = await deps.db.select({ id: renters.id }).from(renters).where(eq(renters.name, enterprise)).limit(1);
  if (!renter) return 0;
  const renterId = renter.id;
  // Quiet: hundreds of 'payment completed' lines would only slow the first start.
  const quiet = { ...deps, log: deps.log.child({}, { level: 'warn' }) };
  const ctx = systemCtx(quiet, 'demo-seed', 'demo-seed', renterId);
  const db = deps.db;
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.renterId, renterId)).limit(1);
  const buyers = await db
    .select({ id: members.id, phone: members.phone, name: members.name })
    .from(members)
    .where(and(eq(members.renterId, renterId), eq(members.kind, 1), isNotNull(members.phone), eq(members.status, 1)))
    .orderBy(asc(members.phone))
    .limit(DEMO_ORDERS.buyers);
  const skus = await db
    .select({ id: goodsSkus.id, delivery: goods.delivery })
    .from(goodsSkus)
    .innerJoin(goods, and(eq(goods.renterId, goodsSkus.renterId), eq(goods.id, goodsSkus.goodsId)))
    .where(and(eq(goodsSkus.renterId, renterId), eq(goods.status, 1)))
    .orderBy(asc(goods.goodsNo), asc(goodsSkus.skuKey));
  if (!shop || buyers.length === 0 || skus.length === 0) return 0;
  // The owner does the merchant's part (cancel, ship, verify), named on the timeline as the console would.
  const [owner] = await db.select({ id: renters.ownerUserId }).from(renters).where(eq(renters.id, renterId));
  const staff: MoveBy = { kind: 'staff', id: owner.id, name: '演示店主' };
  await moveStock(
    ctx,
    renterId,
    skus.map((s) => ({ skuId: s.id, delta: DEMO_ORDERS.restock, reason: 'demo-restock', orderId: null, key: `demo-restock:${s.id}` })),
  );

  const rand = rng(20_260_115);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const now = Date.now();
  const placed: { id: string; fate: Fate; created: number }[] = [];
  for (let i = 0; i < DEMO_ORDERS.goods; i++) {
    const buyer = buyers[i % buyers.length];
    const fate = fateOf(rand());
    const first = pick(skus);
    const lines = [{ skuId: first.id, qty: 1 + Math.floor(rand() * 2) }];
    const second = pick(skus);
    if (rand() < 0.3 && second.id !== first.id) lines.push({ skuId: second.id, qty: 1 });
    const canPickup = lines.every((l) => skus.find((s) => s.id === l.skuId)?.delivery.includes('pickup'));
    const pickup = canPickup && rand() < 0.35;
    // Times: unpaid ones are minutes old; waiting to ship within days; the rest over the whole period.
    const back =
      fate === 'unpaid'
        ? (1 + rand() * 15) * MIN
        : fate === 'toShip'
          ? rand() * 4 * DAY + HOUR
          : fate === 'shipped'
            ? (1 + rand() * 8) * DAY
            : (2 + rand() * (DEMO_ORDERS.days - 2)) * DAY;
    const created = now - back;
    const o = await placeGoodsOrder(ctx, {
      renterId,
      shopId: shop.id,
      memberId: buyer.id,
      memberPhone: buyer.phone ?? '',
      lines,
      deliveryMethod: pickup ? 2 : 1,
      address: pickup ? null : { ...ADDRESS, name: buyer.name || '会员', phone: buyer.phone ?? '', address: pick(STREETS) },
      buyerNote: rand() < 0.1 ? '请尽快发货' : '',
      now: new Date(created),
    });
    placed.push({ id: o.orderId, fate, created });
    if (fate === 'unpaid') continue;
    if (fate === 'closedUnpaid') {
      const [row] = await db
        .select()
        .from(goodsOrders)
        .where(and(eq(goodsOrders.renterId, renterId), eq(goodsOrders.id, o.orderId)));
      if (rand() < 0.5)
        await buyerCancel({ ...ctx, actor: { kind: 'member', memberId: buyer.id, renterId, shopId: shop.id, tokenId: '' } }, renterId, row);
      else await merchantCancel(ctx, o.orderId, renterId, '买家不想要了', staff);
      continue;
    }
    if (o.qr_code) await payInProcess(ctx, o.qr_code);
    if (fate === 'refunded') await merchantCancel(ctx, o.orderId, renterId, pick(['商品缺货', '买家要求取消']), staff);
    else if (fate === 'shipped' || fate === 'done') {
      if (pickup) {
        if (fate === 'done') await take(ctx, renterId, o.orderId, staff);
        continue;
      }
      await ship(ctx, renterId, o.orderId, pick(COMPANIES), rand, staff);
      if (fate === 'done') await confirmReceipt(ctx, renterId, o.orderId, 'buyerConfirm', { kind: 'member', id: buyer.id, name: '买家' });
    }
  }
  await backdate(seedTenant(db, renterId), placed);
  await seedMemberOrders(quiet, renterId, shop.id, buyers);
  return placed.length;
}

/** 发货: one parcel with every unit, through the console's own 发货 (lines shipped, 1 → 2, the auto-confirm job). */
async function ship(ctx: Ctx, renterId: string, orderId: string, company: { code: string; name: string }, rand: () => number, by: MoveBy) {
  const trackingNo = `${company.code}${String(Math.floor(rand() * 1e12)).padStart(12, '0')}`;
  await inTx(ctx, (tx) => shipInTx(tx, tenantFor(tx, renterId), orderId, [{ companyCode: company.code, trackingNo, items: [] }], by));
}

/** 自提核销 of a paid pick-up order (what staff do with the buyer's code), by the owner. */
async function take(ctx: Ctx, renterId: string, orderId: string, by: MoveBy) {
  await inTx(ctx, async (tx) => {
    const o = await moveGoodsOrder(tenantFor(tx, renterId), orderId, 'take', { by, patch: { completedAt: new Date() } });
    await tx.db.insert(goodsOrderTakes).values({ renterId, orderId, code: o.pickupCode ?? '', staffUserId: by.id });
  });
}

/**
 * Moves the placed orders' times back to their place in the period, set-based (a few statements for all): created as
 * planned; paid 2–30 minutes later; shipped 3–40 hours after paying; completed 1–5 days after shipping (a pick-up
 * 1–48 hours after paying); closed 5–30 minutes after placing (unpaid) or 1–24 hours after paying (refunded). Never
 * later than now. The timeline rows, parcels, pick-up records, pay orders and the not yet delivered paid events
 * (members' last purchase) follow.
 */
async function backdate(tenant: Tenant, placed: { id: string; fate: Fate; created: number }[]) {
  const { db, renterId } = tenant;
  const rand = rng(60);
  const latest = Date.now() - MIN;
  const at = (ms: number | null) => (ms === null ? null : new Date(Math.min(ms, latest)).toISOString());
  const plan = placed.map((o) => {
    const paid = o.fate === 'unpaid' || o.fate === 'closedUnpaid' ? null : o.created + (2 + rand() * 28) * MIN;
    const shipped = paid !== null && (o.fate === 'shipped' || o.fate === 'done') ? paid + (3 + rand() * 37) * HOUR : null;
    const done = shipped !== null && o.fate === 'done' ? shipped + (1 + rand() * 4) * DAY : null;
    const closed =
      o.fate === 'closedUnpaid'
        ? o.created + (5 + rand() * 25) * MIN
        : o.fate === 'refunded' && paid
          ? paid + (1 + rand() * 23) * HOUR
          : null;
    return { id: o.id, c: at(o.created), p: at(paid), s: at(shipped), d: at(done), x: at(closed) };
  });
  const rows = sql`(select * from jsonb_to_recordset(${JSON.stringify(plan)}::jsonb)
    as p(id uuid, c timestamptz, p timestamptz, s timestamptz, d timestamptz, x timestamptz))`;
  const r = sql`${renterId}::uuid`;
  await db.execute(sql`update goods_orders o set created_at = p.c,
      paid_at = case when o.paid_at is null then null else p.p end,
      shipped_at = case when o.shipped_at is null then null else coalesce(p.s, p.p) end,
      completed_at = case when o.completed_at is null then null when o.shipped_at is null then p.p + interval '3 hours' else p.d end,
      closed_at = case when o.closed_at is null then null else p.x end,
      updated_at = greatest(p.c, p.p, p.s, p.d, p.x)
    from ${rows} p where o.renter_id = ${r} and o.id = p.id`);
  await db.execute(sql`update order_logs l set created_at = case
      when l.to_status = ${S.unpaid} then p.c
      when l.to_status = ${S.toShip} then p.p
      when l.to_status = ${S.shipped} then p.s
      when l.to_status = ${S.done} then coalesce(p.d, p.p + interval '3 hours')
      when l.to_status = ${S.closed} then p.x
      else coalesce(p.x, p.p, p.c) + interval '1 minute' end
    from ${rows} p where l.renter_id = ${r} and l.order_id = p.id`);
  await db.execute(sql`update goods_order_parcels x set shipped_at = p.s from ${rows} p where x.renter_id = ${r} and x.order_id = p.id`);
  await db.execute(
    sql`update goods_order_takes x set created_at = p.p + interval '3 hours' from ${rows} p where x.renter_id = ${r} and x.order_id = p.id`,
  );
  await db.execute(sql`update pay_orders x set created_at = p.c, paid_at = case when x.paid_at is null then null else p.p end,
      closed_at = case when x.closed_at is null then null else p.x end
    from ${rows} p where x.renter_id = ${r} and x.biz_id = p.id`);
  await db.execute(sql`update outbox_events e set payload = jsonb_set(e.payload, '{paidAt}', to_jsonb(p.p))
    from ${rows} p where e.renter_id = ${r} and e.type = 'goods-order.paid' and e.dispatched_at is null
      and e.payload->>'orderId' = p.id::text and p.p is not null`);
}

/** A few 等级订单 (黑卡会员) and 权益卡订单 (省钱年卡) bought in the member centre's way; the last of each left unpaid. */
async function seedMemberOrders(deps: DemoDeps, renterId: string, shopId: string, buyers: { id: string }[]) {
  const [level] = await deps.db
    .select({ id: memberLevels.id })
    .from(memberLevels)
    .where(and(eq(memberLevels.renterId, renterId), eq(memberLevels.needpay, 1)))
    .limit(1);
  const [card] = await deps.db
    .select({ id: vipCards.id })
    .from(vipCards)
    .where(and(eq(vipCards.renterId, renterId), eq(vipCards.needpay, 1)))
    .limit(1);
  const plan: [1 | 2, string | undefined, number][] = [
    [1, level?.id, DEMO_ORDERS.levelOrders],
    [2, card?.id, DEMO_ORDERS.cardOrders],
  ];
  for (const [kind, itemId, count] of plan) {
    if (!itemId) continue;
    for (let i = 0; i < count; i++) {
      const buyer = buyers[(kind * 17 + i * 7) % buyers.length];
      const member = systemCtx(deps, 'demo-seed', 'demo-seed', renterId);
      const ctx: Ctx = { ...member, actor: { kind: 'member', memberId: buyer.id, renterId, shopId, tokenId: '' } };
      const o = await buyMemberOrder(ctx, kind, itemId);
      if (i < count - 1) await payInProcess(ctx, o.qr_code);
    }
  }
}
