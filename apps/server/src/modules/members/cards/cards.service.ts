import {
  fenToYuan,
  MEMBER_KIND,
  MEMBER_MISSING_MSG,
  VIP_CARD_CLAIMED_MSG,
  VIP_CARD_HELD_MSG,
  VIP_CARD_MISSING_MSG,
  VIP_CARD_NAME_TAKEN_MSG,
  VIP_CARD_OFF_MSG,
  VIP_CARD_PAID_MSG,
  VIP_CARD_SOURCE,
  VIP_CARD_SOURCE_TEXT,
  VIP_CARD_STATE_TEXT,
  VIP_CARD_WITHDRAWN_MSG,
  type vipCardGrantBody,
  type vipCardHolderListBody,
  type vipCardListBody,
  type vipCardSaveBody,
  type ListQuery,
} from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, memberOf } from '@/core/context';
import { BizError, CODE, fieldError } from '@/core/errors';
import { lockUpdateAudit } from '@/core/locked-update';
import { pageWindow } from '@/core/paging';
import { nextSequence } from '@/core/sequence';
import { type Tenant, tenantOf } from '@/core/tenant';
import { fmtDay, fmtTime } from '@/core/time';
import { memberEvent } from '@/modules/members/member-events';
import { vipCards } from '@/modules/members/members.tables';
import { nameTaken } from '@/modules/members/unique-name';
import { cardsRepo as repo, type MemberCardRow, type VipCardRow } from './cards.repository';

type SaveInput = z.output<typeof vipCardSaveBody>;
type ListInput = z.output<typeof vipCardListBody>;
type HolderInput = z.output<typeof vipCardHolderListBody>;
type GrantInput = z.output<typeof vipCardGrantBody>;

const DAY_MS = 86_400_000;
const missing = () => new BizError(VIP_CARD_MISSING_MSG, CODE.notFound);

export const validText = (days: number) => (days === 0 ? '永久有效' : `领取后${days}天内有效`);

/** 1 valid, 2 expired, 0 withdrawn. */
export function stateOf(h: Pick<MemberCardRow, 'status' | 'expiresAt'>, now = new Date()): 0 | 1 | 2 {
  if (h.status === 0) return 0;
  return h.expiresAt === null || h.expiresAt.getTime() > now.getTime() ? 1 : 2;
}

export async function found(tenant: Tenant, id: string, lock = false): Promise<VipCardRow> {
  const c = await repo.byId(tenant, id, lock);
  if (!c) throw missing();
  return c;
}

/** What both the staff list and the shop's card list show of a card (its look, price and validity). */
const cardBasics = (c: VipCardRow) => ({
  id: c.id,
  name: c.name,
  needpay: c.needpay,
  price: fenToYuan(c.priceFen),
  validDays: c.validDays,
  validText: validText(c.validDays),
  rights: c.rights,
  cover: c.cover,
});

const row = (c: VipCardRow) => ({
  ...cardBasics(c),
  status: c.status,
  holderCount: c.holderCount,
  createTime: fmtTime(c.createdAt),
});

/** /equityCard: keyword, status tab, sorting by createTime / holderCount / price; newest first. */
export async function list(ctx: Ctx, q: ListInput) {
  const { rows, total } = await repo.page(tenantOf(ctx), { keyword: q.keyword, status: q.status, sorter: q.sorter, ...pageWindow(q) });
  return { rows: rows.map(row), total_count: total };
}

/** Enabled cards for pickers. */
export async function pickList(ctx: Ctx, q: ListQuery) {
  const { rows, total } = await repo.enabledPage(tenantOf(ctx), { keyword: q.keyword, ...pageWindow(q) });
  return {
    rows: rows.map((c) => ({
      id: c.id,
      name: c.name,
      needpay: c.needpay,
      price: fenToYuan(c.priceFen),
      validText: validText(c.validDays),
    })),
    total_count: total,
  };
}

export async function detail(ctx: Ctx, id: string) {
  const c = await found(tenantOf(ctx), id);
  return { ...row(c), notice: c.notice, updateTime: fmtTime(c.updatedAt) };
}

/** A unique index refused the write (PostgreSQL 23505), whichever driver wrapped it. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** Creates or replaces a card. Its validity applies to receipts from now on; cards held keep their expiry. */
export async function save(ctx: Ctx, input: SaveInput): Promise<{ id: string }> {
  const values = {
    name: input.name,
    needpay: input.needpay,
    priceFen: input.needpay === 1 ? (input.price ?? 0) : 0,
    validDays: input.validDays,
    rights: input.rights,
    cover: input.cover,
    notice: input.notice,
    status: input.status,
  };
  try {
    return await inTx(ctx, async (tx) => {
      const tenant = tenantOf(tx);
      if (await nameTaken(tenant, vipCards, input.name, input.id)) throw fieldError('name', VIP_CARD_NAME_TAKEN_MSG);
      if (!input.id) {
        const created = await repo.insert(tenant, values);
        await audit(tx, { module: 'member', action: '新建权益卡', recordId: created.id, after: values });
        return { id: created.id };
      }
      const before = await found(tenant, input.id, true);
      await repo.update(tenant, before.id, values);
      await audit(tx, { module: 'member', action: '编辑权益卡', recordId: before.id, before, after: values });
      return { id: before.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('name', VIP_CARD_NAME_TAKEN_MSG);
    throw err;
  }
}

/** Deletes a card nobody ever received (a card with holders is forbidden instead). */
export async function remove(ctx: Ctx, id: string) {
  await lockUpdateAudit(ctx, {
    lock: (tx) => found(tenantOf(tx), id, true),
    update: async (tx, c) => {
      if (c.holderCount > 0 || (await repo.everHeld(tenantOf(tx), c.id))) throw new BizError(VIP_CARD_HELD_MSG);
      await repo.delete(tenantOf(tx), c.id);
    },
    audit: (c) => ({ module: 'member', action: '删除权益卡', recordId: c.id, before: { name: c.name, status: c.status } }),
  });
}

/** Enables (1) or forbids (0) a card: a forbidden card is no longer given or claimed; cards held stay valid. */
export async function setStatus(ctx: Ctx, id: string, status: 0 | 1) {
  await lockUpdateAudit(ctx, {
    lock: (tx) => found(tenantOf(tx), id, true),
    update: (tx, c) => repo.update(tenantOf(tx), c.id, { status }),
    audit: (c) =>
      c.status === status
        ? null
        : {
            module: 'member',
            action: status === 1 ? '启用权益卡' : '停用权益卡',
            recordId: c.id,
            before: { status: c.status },
            after: { status },
          },
  });
}

/** The holders of a card. */
export async function holders(ctx: Ctx, q: HolderInput) {
  const tenant = tenantOf(ctx);
  await found(tenant, q.id);
  const now = new Date();
  const { rows, total } = await repo.holders(tenant, {
    cardId: q.id,
    keyword: q.keyword,
    state: q.state,
    sorter: q.sorter,
    now,
    ...pageWindow(q),
  });
  return {
    rows: rows.map(({ held: h, name, nickname, phone }) => {
      const state = stateOf(h, now);
      return {
        id: h.id,
        memberId: h.memberId,
        name: name || nickname,
        phone: phone ?? '',
        cardNo: h.cardNo,
        source: h.source,
        sourceText: VIP_CARD_SOURCE_TEXT[h.source] ?? '',
        amount: fenToYuan(h.amountFen),
        receiveTime: fmtTime(h.startsAt),
        expireTime: fmtTime(h.expiresAt),
        state,
        stateText: VIP_CARD_STATE_TEXT[state],
      };
    }),
    total_count: total,
  };
}

// ---- Receiving a card ----

type Outcome = 'new' | 'renewed' | 'extended';

const expiryText = (d: Date | null) => (d ? `有效期至 ${fmtTime(d)}` : '永久有效');

/** 'VC' + the day + the renter's card sequence: unique per renter. */
async function newCardNo(tenant: Tenant, now: Date): Promise<string> {
  const seq = await nextSequence(tenant, 'vip_card_no');
  return `VC${fmtDay(now).replaceAll('-', '')}${String(seq).padStart(6, '0')}`;
}

/**
 * A member receives a card (claim or grant), in the caller's transaction: a new row, or the member's row again —
 * a valid card is extended by the card's days from its current expiry, an expired or withdrawn one starts a new
 * period from now. A claim refuses a card still valid or withdrawn by staff. holder_count follows in the same
 * transaction, one atomic statement. The caller has locked the card row: every receipt and withdrawal locks the card,
 * then the member's row, then the renter's card sequence, in that order. 'buy' (an order's payment) is a grant.
 */
export async function receive(
  tx: Ctx,
  card: VipCardRow,
  memberId: string,
  mode: 'claim' | 'grant' | 'buy',
  amountFen = 0,
  tenant: Tenant = tenantOf(tx),
): Promise<{ outcome: Outcome; held: MemberCardRow; expiresAt: Date | null }> {
  const now = new Date();
  const fresh = card.validDays === 0 ? null : new Date(now.getTime() + card.validDays * DAY_MS);
  const source = mode === 'claim' ? VIP_CARD_SOURCE.claim : mode === 'buy' ? VIP_CARD_SOURCE.buy : VIP_CARD_SOURCE.grant;
  let held = await repo.heldBy(tenant, card.id, memberId, true);
  if (!held) {
    const cardNo = await newCardNo(tenant, now);
    const v = { cardId: card.id, memberId, cardNo, source, amountFen, startsAt: now, expiresAt: fresh, status: 1 };
    const ins = await repo.insertHeld(tenant, v);
    if (ins) {
      await repo.addHolders(tenant, card.id, 1);
      return { outcome: 'new', held: ins, expiresAt: fresh };
    }
    // Another call made the member's row first: it is committed now, take it.
    held = await repo.heldBy(tenant, card.id, memberId, true);
    if (!held) throw new Error('member card vanished after its insert conflicted');
  }
  const state = stateOf(held, now);
  if (mode === 'claim' && state === 1) throw new BizError(VIP_CARD_CLAIMED_MSG);
  if (mode === 'claim' && state === 0) throw new BizError(VIP_CARD_WITHDRAWN_MSG);
  if (state === 1) {
    const expiresAt = held.expiresAt === null || card.validDays === 0 ? null : new Date(held.expiresAt.getTime() + card.validDays * DAY_MS);
    await repo.updateHeld(tenant, held.id, { expiresAt, source, ...(mode === 'buy' ? { amountFen } : {}) });
    return { outcome: 'extended', held, expiresAt };
  }
  await repo.updateHeld(tenant, held.id, { status: 1, startsAt: now, expiresAt: fresh, source, amountFen });
  if (state === 0) await repo.addHolders(tenant, card.id, 1);
  return { outcome: 'renewed', held, expiresAt: fresh };
}

/** Gives a card to members (by id or phone, members of this renter only): new, renewed or extended. */
export async function grant(ctx: Ctx, input: GrantInput) {
  return inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    const card = await found(tenant, input.cardId, true);
    if (card.status !== 1) throw new BizError(`${VIP_CARD_OFF_MSG}，不能发放`);
    const ids = [...new Set(input.memberIds)];
    const byId = await repo.membersByIds(tenant, ids);
    if (byId.length !== ids.length) throw new BizError(MEMBER_MISSING_MSG, CODE.notFound);
    const phones = [...new Set(input.phones)];
    const byPhone = await repo.membersByPhones(tenant, phones);
    const unknown = phones.find((p) => !byPhone.some((m) => m.phone === p));
    if (unknown) throw fieldError('phones', `手机号 ${unknown} 不是本店会员`);
    const targets = [...new Map([...byId, ...byPhone].map((m) => [m.id, m])).values()].sort((a, b) => a.id.localeCompare(b.id));
    const customer = targets.find((m) => m.kind !== MEMBER_KIND.member);
    if (customer)
      throw new BizError(`客户「${customer.name || customer.nickname || customer.phone || '未注册'}」尚未注册为会员，不能发放权益卡`);
    let granted = 0;
    let extended = 0;
    for (const m of targets) {
      const r = await receive(tx, card, m.id, 'grant');
      if (r.outcome === 'extended') extended++;
      else granted++;
      const title = r.outcome === 'extended' ? `权益卡「${card.name}」续期（商家发放）` : `获得权益卡「${card.name}」（商家发放）`;
      await memberEvent(tx, tenant, m.id, 'card', title, `卡号 ${r.held.cardNo}，${expiryText(r.expiresAt)}`);
    }
    await audit(tx, {
      module: 'member',
      action: '发放权益卡',
      recordId: card.id,
      after: { card: card.name, memberIds: targets.map((m) => m.id), granted, extended },
    });
    return { granted, extended };
  });
}

/** Withdraws a member's card (status 0): it stops counting as held; the row stays as its record. */
export async function withdraw(ctx: Ctx, id: string) {
  await lockUpdateAudit(ctx, {
    lock: async (tx) => {
      const tenant = tenantOf(tx);
      const seen = await repo.heldById(tenant, id);
      if (!seen) throw new BizError('领取记录不存在', CODE.notFound);
      // The card first, then the row: the order every receipt takes (no deadlock with a grant or claim at once).
      const card = await found(tenant, seen.cardId, true);
      const h = await repo.heldById(tenant, id, true);
      if (!h) throw new BizError('领取记录不存在', CODE.notFound);
      if (h.status === 0) throw new BizError('该权益卡已收回');
      return { h, card };
    },
    update: async (tx, { h, card }) => {
      const tenant = tenantOf(tx);
      await repo.updateHeld(tenant, h.id, { status: 0 });
      await repo.addHolders(tenant, card.id, -1);
      await memberEvent(tx, tenant, h.memberId, 'card', `权益卡「${card.name}」被商家收回`, `卡号 ${h.cardNo}`);
    },
    audit: ({ h, card }) => ({
      module: 'member',
      action: '收回权益卡',
      recordId: h.id,
      before: { card: card.name, memberId: h.memberId, cardNo: h.cardNo, status: h.status },
      after: { status: 0 },
    }),
  });
}

// ---- Customer side ----

/** The renter's enabled cards, with whether I hold each now. */
export async function h5List(ctx: Ctx, q: ListQuery) {
  const { memberId } = memberOf(ctx);
  const tenant = tenantOf(ctx);
  const { rows, total } = await repo.enabledPage(tenant, { keyword: q.keyword, ...pageWindow(q) });
  const now = new Date();
  const mine = new Map(
    (
      await repo.heldOfCards(
        tenant,
        memberId,
        rows.map((c) => c.id),
      )
    ).map((h) => [h.cardId, h]),
  );
  return {
    rows: rows.map((c) => {
      const h = mine.get(c.id);
      const held = h !== undefined && stateOf(h, now) === 1;
      return {
        ...cardBasics(c),
        notice: c.notice,
        held,
        expireTime: held ? fmtTime(h.expiresAt) : '',
      };
    }),
    total_count: total,
  };
}

/** My cards (not withdrawn): valid ones first by expiry, then expired ones. */
export async function h5Mine(ctx: Ctx, q: ListQuery) {
  const { memberId } = memberOf(ctx);
  const now = new Date();
  const { rows, total } = await repo.mine(tenantOf(ctx), memberId, { now, ...pageWindow(q) });
  return {
    rows: rows.map(({ held: h, card: c }) => {
      const state = stateOf(h, now);
      return {
        id: h.id,
        cardId: c.id,
        name: c.name,
        rights: c.rights,
        cover: c.cover,
        notice: c.notice,
        cardNo: h.cardNo,
        receiveTime: fmtTime(h.startsAt),
        expireTime: fmtTime(h.expiresAt),
        state,
        stateText: VIP_CARD_STATE_TEXT[state],
      };
    }),
    total_count: total,
  };
}

/** Claims a free enabled card; a paid one is bought through an order (issue 15). */
export async function h5Claim(ctx: Ctx, id: string) {
  const { memberId } = memberOf(ctx);
  return inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    const card = await found(tenant, id, true);
    if (card.status !== 1) throw new BizError(VIP_CARD_OFF_MSG);
    if (card.needpay === 1) throw new BizError(VIP_CARD_PAID_MSG);
    const r = await receive(tx, card, memberId, 'claim');
    await memberEvent(tx, tenant, memberId, 'card', `领取权益卡「${card.name}」`, `卡号 ${r.held.cardNo}，${expiryText(r.expiresAt)}`);
    return { cardNo: r.held.cardNo, expireTime: fmtTime(r.expiresAt) };
  });
}
