import { VIP_CARD_MISSING_MSG, VIP_CARD_OFF_MSG } from '@shop/contract';
import type { Ctx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { type Tenant, tenantFor } from '@/core/tenant';
import { fmtTime } from '@/core/time';
import { cardsRepo } from './cards/cards.repository';
import { found as foundCard, receive } from './cards/cards.service';
import { detailRepo } from './detail/detail.repository';
import { levelsByIds } from './levels/level-lookup';
import { levelRepo, settingsRepo } from './levels/levels.repository';
import { memberEvent } from './member-events';
import { foundMember } from './members.repository';

/**
 * What the orders' payments grant (issue 15, level and rights-card orders): a paid level or a paid card on sale, the
 * buyer, and granting / taking back what one order bought. Each runs in the caller's transaction (the payment's, or the
 * refund's) and locks what it changes: the member's row for a level, the card then the member's card row for a card
 * (the order every receipt takes, cards.service).
 */

const DAY_MS = 86_400_000;

/** A thing on sale: its snapshot for the order. */
export interface PaidItem {
  id: string;
  name: string;
  priceFen: number;
  validDays: number;
}

/** What one order granted, and the holder's state before it (to take exactly this order's part back). */
export interface GrantResult {
  start: Date;
  /** null: for ever. */
  end: Date | null;
  prevHeld: boolean;
  prevEnd: Date | null;
  prevLevelId: string | null;
  cardNo: string;
}

export interface GrantedPart {
  memberId: string;
  itemId: string;
  orderNo: string;
  grantEnd: Date | null;
  prevHeld: boolean;
  prevEnd: Date | null;
  prevLevelId: string | null;
}

const alive = (end: Date | null, now: Date) => end === null || end.getTime() > now.getTime();
const sameEnd = (a: Date | null, b: Date | null) => (a === null ? b === null : b !== null && a.getTime() === b.getTime());
const untilText = (end: Date | null) => (end ? `有效期至 ${fmtTime(end)}` : '永久有效');

/** An enabled paid level of the renter, while paid levels are on. */
export async function paidLevelOnSale(tenant: Tenant, id: string): Promise<PaidItem> {
  const [level, s] = await Promise.all([levelRepo.byId(tenant, id), settingsRepo.get(tenant)]);
  if (level?.needpay !== 1) throw new BizError('付费等级不存在', CODE.notFound);
  if (!(s?.payOn ?? false)) throw new BizError('商家未开启付费等级');
  if (level.status !== 1) throw new BizError('该付费等级已停用');
  return { id: level.id, name: level.name, priceFen: level.priceFen, validDays: level.validDays };
}

/** An enabled paid rights card of the renter. */
export async function paidCardOnSale(tenant: Tenant, id: string): Promise<PaidItem> {
  const card = await cardsRepo.byId(tenant, id);
  if (!card) throw new BizError(VIP_CARD_MISSING_MSG, CODE.notFound);
  if (card.status !== 1) throw new BizError(VIP_CARD_OFF_MSG);
  if (card.needpay !== 1) throw new BizError('该权益卡无需购买，请直接领取');
  return { id: card.id, name: card.name, priceFen: card.priceFen, validDays: card.validDays };
}

/** The buyer as an order keeps them: phone and name (or nickname). */
export async function buyerOf(tenant: Tenant, memberId: string): Promise<{ phone: string; name: string }> {
  const m = await foundMember(tenant, memberId);
  return { phone: m.phone ?? '', name: m.name || m.nickname };
}

/**
 * A paid level bought: a level_grants row (source 1 购买, the order and amount) and the member's paid level. The same
 * level still valid is extended from its expiry (renewal, 续费); otherwise the period starts now and replaces whatever
 * paid level was held (开通). Valid days 0: for ever.
 */
export async function grantBoughtLevel(
  tx: Ctx,
  renterId: string,
  o: { memberId: string; level: PaidItem; orderId: string; orderNo: string; amountFen: number },
): Promise<GrantResult> {
  const tenant = tenantFor(tx, renterId);
  const m = await foundMember(tenant, o.memberId, true);
  const now = new Date();
  const prevHeld = m.paidLevelId === o.level.id && alive(m.paidLevelExpiresAt, now);
  const prevEnd = m.paidLevelExpiresAt;
  const from = prevHeld && prevEnd ? prevEnd : now;
  const end = o.level.validDays === 0 || (prevHeld && prevEnd === null) ? null : new Date(from.getTime() + o.level.validDays * DAY_MS);
  await detailRepo.insertGrant(tenant, {
    memberId: o.memberId,
    levelId: o.level.id,
    levelName: o.level.name,
    source: 1,
    orderId: o.orderId,
    amountFen: o.amountFen,
    startsAt: from,
    expiresAt: end,
  });
  await detailRepo.update(tenant, o.memberId, { paidLevelId: o.level.id, paidLevelExpiresAt: end });
  await memberEvent(
    tx,
    tenant,
    o.memberId,
    'level',
    `${prevHeld ? '续费' : '开通'}付费等级「${o.level.name}」`,
    `订单 ${o.orderNo}，${untilText(end)}`,
  );
  return { start: from, end, prevHeld, prevEnd, prevLevelId: m.paidLevelId, cardNo: '' };
}

/**
 * A fully refunded level order gives back what it granted, when that is still the member's paid level as the order
 * left it (nothing bought or set since): the expiry before it (a renewal), or the paid level held before it while still
 * valid, or none. Answers whether anything was taken back.
 */
export async function takeBackBoughtLevel(tx: Ctx, renterId: string, g: GrantedPart): Promise<boolean> {
  const tenant = tenantFor(tx, renterId);
  const m = await foundMember(tenant, g.memberId, true);
  if (m.paidLevelId !== g.itemId || !sameEnd(m.paidLevelExpiresAt, g.grantEnd)) return false;
  const now = new Date();
  let back: { paidLevelId: string | null; paidLevelExpiresAt: Date | null } = { paidLevelId: null, paidLevelExpiresAt: null };
  if (g.prevHeld) back = { paidLevelId: g.itemId, paidLevelExpiresAt: g.prevEnd };
  else if (g.prevLevelId && g.prevLevelId !== g.itemId && alive(g.prevEnd, now))
    back = { paidLevelId: g.prevLevelId, paidLevelExpiresAt: g.prevEnd };
  await detailRepo.update(tenant, g.memberId, back);
  const name = (await levelsByIds(tenant, [g.itemId])).get(g.itemId)?.name ?? '';
  await memberEvent(
    tx,
    tenant,
    g.memberId,
    'level',
    `付费等级「${name}」因订单退款被收回`,
    g.prevHeld ? `订单 ${g.orderNo}，恢复为${untilText(g.prevEnd)}` : `订单 ${g.orderNo}`,
  );
  return true;
}

/** A paid card bought: received (new, renewed from now, or a valid one extended by its days), source 2 购买. */
export async function grantBoughtCard(
  tx: Ctx,
  renterId: string,
  o: { memberId: string; cardId: string; orderNo: string; amountFen: number },
): Promise<GrantResult> {
  const tenant = tenantFor(tx, renterId);
  // Locked first (every receipt's order); a card forbidden since the order still goes to the member who paid for it.
  const card = await foundCard(tenant, o.cardId, true);
  const r = await receive(tx, card, o.memberId, 'buy', o.amountFen, tenant);
  const prevHeld = r.outcome === 'extended';
  await memberEvent(
    tx,
    tenant,
    o.memberId,
    'card',
    prevHeld ? `续费权益卡「${card.name}」` : `购买权益卡「${card.name}」`,
    `订单 ${o.orderNo}，卡号 ${r.held.cardNo}，${untilText(r.expiresAt)}`,
  );
  return {
    start: prevHeld && r.held.expiresAt ? r.held.expiresAt : new Date(),
    end: r.expiresAt,
    prevHeld,
    prevEnd: prevHeld ? r.held.expiresAt : null,
    prevLevelId: null,
    cardNo: r.held.cardNo,
  };
}

/**
 * A cancelled (refunded) card order takes its card back when the member's card is still as the order left it: the
 * expiry before it (a renewal), else the card withdrawn (status 0, holder count −1). Answers whether it did.
 */
export async function takeBackBoughtCard(tx: Ctx, renterId: string, g: GrantedPart): Promise<boolean> {
  const tenant = tenantFor(tx, renterId);
  const card = await foundCard(tenant, g.itemId, true);
  const held = await cardsRepo.heldBy(tenant, g.itemId, g.memberId, true);
  if (held?.status !== 1 || !sameEnd(held.expiresAt, g.grantEnd)) return false;
  if (g.prevHeld) await cardsRepo.updateHeld(tenant, held.id, { expiresAt: g.prevEnd });
  else {
    await cardsRepo.updateHeld(tenant, held.id, { status: 0 });
    await cardsRepo.addHolders(tenant, card.id, -1);
  }
  await memberEvent(tx, tenant, g.memberId, 'card', `权益卡「${card.name}」因订单退款被收回`, `订单 ${g.orderNo}，卡号 ${held.cardNo}`);
  return true;
}
