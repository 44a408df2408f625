import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Ctx } from '@/core/context';
import type { DeliveredEvent } from '@/core/jobs';
import { tenantFor } from '@/core/tenant';
import { settingsRepo } from './levels/levels.repository';
import { memberCards, memberLevels, members, vipCards } from './members.tables';
import { memberRepo } from './members.repository';

/**
 * What goods orders ask of members at checkout (orders imports members: pricing README step 2, the order's phone), and
 * the members' running figures kept from goods orders' events (orders README "Members' figures").
 */

/**
 * The member's price rights now, the best of what they hold: the lowest discount (‰) of their free level (when free
 * levels are on), their paid level still valid (when paid levels are on) and every rights card they hold valid now
 * (not withdrawn, started, not expired; a card no longer given or sold stays valid for its holders), and free
 * shipping if any of them gives it. 1000 / false without.
 */
export async function memberPriceRights(
  ctx: Ctx,
  renterId: string,
  memberId: string,
): Promise<{ discount: number; freeShipping: boolean }> {
  const t = tenantFor(ctx, renterId);
  const [m, s] = await Promise.all([memberRepo.byId(t, memberId), settingsRepo.get(t)]);
  if (!m) return { discount: 1000, freeShipping: false };
  const ids: string[] = [];
  if ((s?.freeOn ?? true) && m.levelId) ids.push(m.levelId);
  if ((s?.payOn ?? false) && m.paidLevelId && (!m.paidLevelExpiresAt || m.paidLevelExpiresAt > new Date())) ids.push(m.paidLevelId);
  const [levels, cards] = await Promise.all([
    ids.length === 0
      ? []
      : t.db
          .select({ rights: memberLevels.rights })
          .from(memberLevels)
          .where(and(eq(memberLevels.renterId, renterId), eq(memberLevels.status, 1), inArray(memberLevels.id, ids))),
    t.db
      .select({ rights: vipCards.rights })
      .from(memberCards)
      .innerJoin(vipCards, and(eq(vipCards.renterId, memberCards.renterId), eq(vipCards.id, memberCards.cardId)))
      .where(
        and(
          eq(memberCards.renterId, renterId),
          eq(memberCards.memberId, memberId),
          eq(memberCards.status, 1),
          lte(memberCards.startsAt, sql`now()`),
          or(isNull(memberCards.expiresAt), gt(memberCards.expiresAt, sql`now()`)),
        ),
      ),
  ]);
  const rows = [...levels, ...cards];
  let discount = 1000;
  let freeShipping = false;
  for (const r of rows) {
    if (r.rights.discount > 0 && r.rights.discount < discount) discount = r.rights.discount;
    freeShipping ||= r.rights.freeShipping;
  }
  return { discount, freeShipping };
}

/** The member's phone ('' for none), for the order's snapshot. */
export async function memberPhoneOf(ctx: Ctx, renterId: string, memberId: string): Promise<string> {
  return (await memberRepo.byId(tenantFor(ctx, renterId), memberId))?.phone ?? '';
}

/**
 * A goods order's effect on the member's running figures (order_count, spend_fen, last_order_at), one statement:
 * +1 / +fen when paid, −1 / −fen when a paid order closed (its money went back). Called by the outbox subscribers
 * below, whose delivery record makes each event count once.
 */
async function addGoodsOrderFigures(ctx: Ctx, renterId: string, memberId: string, d: { orders: number; fen: number; at?: Date }) {
  const t = tenantFor(ctx, renterId);
  await t.db
    .update(members)
    .set({
      orderCount: sql`greatest(${members.orderCount} + ${d.orders}, 0)`,
      spendFen: sql`greatest(${members.spendFen} + ${d.fen}, 0)`,
      ...(d.at ? { lastOrderAt: sql`greatest(coalesce(${members.lastOrderAt}, ${d.at}), ${d.at})` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(members.renterId, renterId), eq(members.id, memberId)));
}

/** goods-order.paid: one more order, its amount and the last order time. */
export async function figuresOnGoodsOrderPaid(tx: Ctx, e: DeliveredEvent<'goods-order.paid'>): Promise<void> {
  if (!e.renterId) return;
  await addGoodsOrderFigures(tx, e.renterId, e.payload.memberId, { orders: 1, fen: e.payload.payFen, at: new Date(e.payload.paidAt) });
}

/** goods-order.closed of a paid order: the order and what was paid leave the figures. */
export async function figuresOnGoodsOrderClosed(tx: Ctx, e: DeliveredEvent<'goods-order.closed'>): Promise<void> {
  if (!e.renterId || e.payload.paidFen <= 0) return;
  await addGoodsOrderFigures(tx, e.renterId, e.payload.memberId, { orders: -1, fen: -e.payload.paidFen });
}

/** after-sale.refunded: the refund leaves the spend; the order too when the refund closed it. */
export async function figuresOnAfterSaleRefunded(tx: Ctx, e: DeliveredEvent<'after-sale.refunded'>): Promise<void> {
  if (!e.renterId) return;
  await addGoodsOrderFigures(tx, e.renterId, e.payload.memberId, { orders: e.payload.orderClosed ? -1 : 0, fen: -e.payload.refundFen });
}
