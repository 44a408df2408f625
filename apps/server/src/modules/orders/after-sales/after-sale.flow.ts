import {
  AFTER_SALE_DEFAULTS,
  AFTER_SALE_STATUS as A,
  AFTER_SALE_STATUS_TEXT,
  AFTER_SALE_TYPE as T,
  type AfterSaleSettings,
  fenText,
  GOODS_ORDER_STATUS as S,
} from '@shop/contract';
import { type Ctx, inTx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { AFTER_SALE_SCOPE, claimUploads } from '@/modules/files';
import { defineJob, emit, sendJob } from '@/core/jobs';
import { nextSequence } from '@/core/sequence';
import { type Tenant, tenantFor } from '@/core/tenant';
import { dayStamp } from '@/core/time';
import { REFUND_PENDING_MSG, refundPayment } from '@/integrations/payment';
import { moveStock } from '@/modules/goods';
import { orderRulesOf, returnAddressesOf } from '@/modules/shop';
import type { GoodsOrderLineRow, GoodsOrderRow } from '@/modules/orders/goods-orders.tables';
import { goodsOrderRepo } from '@/modules/orders/goods-orders/goods-orders.repository';
import { moveGoodsOrder, type MoveBy } from '@/modules/orders/goods-orders/goods-order.states';
import { AUTO_CONFIRM_JOB } from '@/modules/orders/goods-orders/lifecycle';
import { afterSaleRepo as repo } from './after-sales.repository';
import type { AfterSaleItem, AfterSaleRow, ReturnAddressSnapshot } from './after-sales.tables';

/**
 * The after-sale state machine (orders README "After-sale states"): every move is one conditional UPDATE
 * `… where status in (<from>)` and its history row, in the caller's transaction, which holds the order's row lock
 * first (every flow locks the order, then the request: no deadlock, and the order's 售后中 flag is recomputed under it).
 */
export const AFTER_SALE_MOVES = {
  agreeRefund: { from: [A.pending], to: A.toRefund, text: '商家同意退款', verb: '同意' },
  agreeReturn: { from: [A.pending], to: A.toReturn, text: '商家同意退货', verb: '同意' },
  refuse: { from: [A.pending, A.returning], to: A.refused, text: '商家拒绝售后', verb: '拒绝' },
  buyerCancel: { from: [A.pending, A.toReturn], to: A.cancelled, text: '买家撤销申请', verb: '撤销' },
  returnShip: { from: [A.toReturn], to: A.returning, text: '买家已寄回商品', verb: '填写退货物流' },
  receiveRefund: { from: [A.returning], to: A.toRefund, text: '商家确认收到退货', verb: '确认收货' },
  receiveExchange: { from: [A.returning], to: A.toResend, text: '商家确认收到退货', verb: '确认收货' },
  refundStart: { from: [A.toRefund], to: A.refunding, text: '商家发起退款', verb: '退款' },
  refunded: { from: [A.refunding], to: A.done, text: '退款成功', verb: '完成' },
  resend: { from: [A.toResend], to: A.done, text: '商家已发出换货商品', verb: '发货' },
  autoClose: { from: [A.toReturn], to: A.closed, text: '买家超时未退货，售后关闭', verb: '关闭' },
} as const;
export type AfterSaleMove = keyof typeof AFTER_SALE_MOVES;

const FINAL: number[] = [A.done, A.refused, A.cancelled, A.closed];

/** Why a move is refused from a status ('售后单已完成，不能同意'). */
export function afterSaleRefusal(move: AfterSaleMove, status: number): string {
  return `售后单${AFTER_SALE_STATUS_TEXT[status] ?? ''}，不能${AFTER_SALE_MOVES[move].verb}`;
}

export const asMissing = () => new BizError('售后单不存在', CODE.notFound);

/** Moves a request (the caller holds the order's lock), writes its history row; a final state clears 售后中 if none is left. */
export async function moveAfterSale(
  t: Tenant,
  a: AfterSaleRow,
  move: AfterSaleMove,
  o: { by: MoveBy; patch?: Partial<AfterSaleRow>; note?: string; amountFen?: number | null; action?: string },
): Promise<AfterSaleRow> {
  const def = AFTER_SALE_MOVES[move];
  const final = FINAL.includes(def.to);
  const row = await repo.move(t, a.id, def.from, def.to, { ...o.patch, ...(final ? { finishedAt: new Date(), deadlineAt: null } : {}) });
  if (!row) {
    const now = await repo.byId(t, a.id);
    if (!now) throw asMissing();
    throw new BizError(afterSaleRefusal(move, now.status));
  }
  await repo.log(t, a.id, { by: o.by, action: o.action ?? def.text, note: o.note, amountFen: o.amountFen });
  if (final) await repo.syncOrderFlag(t, a.orderId);
  return row;
}

// ---- Amounts -----------------------------------------------------------------------------------------------------

/** The paid share of k units of a line (floor; the last unit takes the remainder, so all units add up to the line). */
const shareOf = (l: GoodsOrderLineRow, k: number) => Math.floor(((l.lineFen - l.discountFen) * k) / l.qty);

/**
 * Most a request of these units may get back: each line's paid share of the units (after those already refunded),
 * plus the freight when the order is not shipped and the units are all it has left; never more than the order's paid
 * amount less what after-sales have claimed.
 */
export function refundableFen(o: GoodsOrderRow, lines: GoodsOrderLineRow[], items: { lineId: string; qty: number }[], claimed: number) {
  let sum = 0;
  for (const it of items) {
    const l = lines.find((x) => x.id === it.lineId);
    if (!l) continue;
    sum += shareOf(l, l.refundedQty + it.qty) - shareOf(l, l.refundedQty);
  }
  const asked = new Map(items.map((i) => [i.lineId, i.qty]));
  const leavesNone = lines.every((l) => l.refundedQty + (asked.get(l.id) ?? 0) >= l.qty);
  if (o.status === S.toShip && leavesNone && lines.every((l) => l.shippedQty === 0)) sum += o.freightFen;
  return Math.max(0, Math.min(sum, o.paidFen - Math.max(o.refundedFen, claimed)));
}

// ---- Settings ----------------------------------------------------------------------------------------------------

export async function settingsOf(ctx: Ctx, renterId: string): Promise<AfterSaleSettings> {
  const r = await repo.settings(tenantFor(ctx, renterId));
  return r
    ? { autoAgreeUnshipped: r.autoAgreeUnshipped, replyDays: r.replyDays, returnDays: r.returnDays, applyDays: r.applyDays }
    : { ...AFTER_SALE_DEFAULTS };
}

// ---- Jobs --------------------------------------------------------------------------------------------------------

export const AFTER_SALE_TIMEOUT_JOB = 'after-sales.timeout';
type TimeoutData = { renterId: string; id: string; step: 'auto' | 'reply' | 'return' };
const DAY = 86_400_000;

async function sendTimeout(tx: Ctx, a: AfterSaleRow, step: TimeoutData['step'], days: number) {
  const at = new Date(Date.now() + days * DAY);
  await sendJob(tx, AFTER_SALE_TIMEOUT_JOB, { renterId: a.renterId, id: a.id, step }, days > 0 ? { startAfter: at } : undefined);
  return at;
}

// ---- The buyer ---------------------------------------------------------------------------------------------------

export interface ApplyInput {
  orderId: string;
  type: number;
  items: { lineId: string; qty: number }[];
  reason: string;
  amountFen?: number;
  description: string;
  /** The member's own uploads (/h5/AfterSale/UpLoad) not used before: claimed by this request. */
  images?: string[];
}

/** Which types an order may ask for now, or why none ('' = may). */
export function applyRefusal(o: GoodsOrderRow, applyDays: number, now = new Date()): string {
  if (o.status === S.unpaid) return '订单未付款，不能申请售后';
  if (o.status === S.closed) return '订单已关闭，不能申请售后';
  if (o.paidFen <= 0) return '订单未付款，不能申请售后';
  if (o.status === S.done && o.completedAt && now.getTime() > o.completedAt.getTime() + applyDays * DAY) return '订单已超过售后期限';
  return '';
}

/** Units of a line that may be asked for now: not refunded (while 待发货: not shipped either). */
export const availableOf = (o: GoodsOrderRow, l: GoodsOrderLineRow) =>
  o.status === S.toShip ? l.qty - l.shippedQty - l.refundedQty : l.qty - l.refundedQty;

/** 申请售后 (the member, README "After-sales"): checked and written under the order's lock. */
export async function applyAfterSale(ctx: Ctx, renterId: string, memberId: string, by: MoveBy, input: ApplyInput) {
  const rules = await settingsOf(ctx, renterId);
  const made = await inTx(ctx, async (tx) => {
    const t = tenantFor(tx, renterId);
    const o = await goodsOrderRepo.lock(t, input.orderId);
    if (!o || o.memberId !== memberId) throw new BizError('订单不存在', CODE.notFound);
    const why = applyRefusal(o, rules.applyDays);
    if (why) throw new BizError(why);
    if (o.status === S.toShip && input.type !== T.refund) throw new BizError('订单未发货，只能申请仅退款');
    const lines = await goodsOrderRepo.lines(t, o.id);
    const open = await repo.openLineIds(t, o.id);
    const seen = new Set<string>();
    const items: AfterSaleItem[] = [];
    for (const it of input.items) {
      const l = lines.find((x) => x.id === it.lineId);
      if (!l || seen.has(it.lineId)) throw new BizError('售后商品不存在');
      seen.add(l.id);
      if (open.has(l.id)) throw new BizError(`商品「${l.title}」已有售后在处理中`);
      const left = availableOf(o, l);
      if (left <= 0) throw new BizError(`商品「${l.title}」没有可申请售后的数量`);
      if (it.qty > left) throw new BizError(`商品「${l.title}」最多可申请${left}件`);
      items.push({ lineId: l.id, skuId: l.skuId, title: l.title, skuText: l.skuText, image: l.image, unitFen: l.unitFen, qty: it.qty });
    }
    const max = refundableFen(o, lines, items, await repo.claimedFen(t, o.id));
    let amountFen = 0;
    if (input.type !== T.exchange) {
      amountFen = input.amountFen ?? max;
      if (amountFen <= 0) throw new BizError(max <= 0 ? '该商品已无可退金额' : '退款金额必须大于0');
      if (amountFen > max) throw new BizError(`退款金额不能超过可退金额 ${fenText(max)} 元`);
    }
    const day = dayStamp(new Date());
    const no = `S${day}${String(await nextSequence(t, `after-sale:${day}`)).padStart(6, '0')}`;
    const a = await repo.insert(t, {
      afterSaleNo: no,
      orderId: o.id,
      orderNo: o.orderNo,
      memberId,
      memberPhone: o.memberPhone,
      type: input.type,
      unshipped: o.status === S.toShip,
      items,
      reason: input.reason,
      description: input.description,
      images: input.images ?? [],
      amountFen,
    });
    // The images must be this member's uploads not used before (claimed here, or nothing is written).
    const claimed = await claimUploads(tx, {
      renterId,
      scope: AFTER_SALE_SCOPE,
      uploader: { type: 'member', id: memberId },
      urls: input.images ?? [],
      attachTo: a.id,
    });
    if (!claimed) throw new BizError('凭证图片已失效，请重新上传', CODE.validation);
    await repo.log(t, a.id, {
      by,
      action: '买家申请售后',
      note: [input.reason, input.description].filter(Boolean).join('：'),
      images: input.images ?? [],
      amountFen: input.type === T.exchange ? null : amountFen,
    });
    await goodsOrderRepo.set(t, o.id, { afterSaleOpen: true });
    const auto = rules.autoAgreeUnshipped && a.type === T.refund && a.unshipped;
    if (auto) await sendTimeout(tx, a, 'auto', 0);
    if (rules.replyDays > 0) {
      const at = await sendTimeout(tx, a, 'reply', rules.replyDays);
      await repo.move(t, a.id, [A.pending], A.pending, { deadlineAt: at });
    }
    return a;
  });
  return made;
}

/** 撤销 by the buyer: while 待商家处理 or 待买家退货. */
export async function buyerCancelAfterSale(ctx: Ctx, renterId: string, a: AfterSaleRow, by: MoveBy) {
  await inTx(ctx, async (tx) => {
    const t = tenantFor(tx, renterId);
    await goodsOrderRepo.lock(t, a.orderId);
    await moveAfterSale(t, a, 'buyerCancel', { by });
  });
}

/** The buyer's return parcel: 待买家退货 → 待商家收货. */
export async function returnShip(ctx: Ctx, renterId: string, a: AfterSaleRow, by: MoveBy, p: { company: string; trackingNo: string }) {
  await inTx(ctx, async (tx) => {
    const t = tenantFor(tx, renterId);
    await goodsOrderRepo.lock(t, a.orderId);
    await moveAfterSale(t, a, 'returnShip', {
      by,
      note: `${p.company} ${p.trackingNo}`,
      patch: { returnCompany: p.company, returnTrackingNo: p.trackingNo, deadlineAt: null },
    });
  });
}

// ---- The merchant ------------------------------------------------------------------------------------------------

/** Locks the order, then reads the request (the order of locks every flow keeps). */
async function locked(t: Tenant, id: string): Promise<{ a: AfterSaleRow; o: GoodsOrderRow }> {
  const first = await repo.byId(t, id);
  if (!first) throw asMissing();
  const o = await goodsOrderRepo.lock(t, first.orderId);
  const a = await repo.lock(t, id);
  if (!o || !a) throw asMissing();
  return { a, o };
}

/**
 * 同意: a refund-only goes to 待商家退款 and its refund starts at once (`amountFen`, default what was asked); a return
 * or an exchange goes to 待买家退货 with the return address and the buyer's deadline (the close job).
 */
export async function agreeAfterSale(
  ctx: Ctx,
  renterId: string,
  id: string,
  by: MoveBy,
  o: { amountFen?: number; address?: ReturnAddressSnapshot | null; note?: string },
) {
  const rules = await settingsOf(ctx, renterId);
  const a = await inTx(ctx, async (tx) => {
    const t = tenantFor(tx, renterId);
    const { a } = await locked(t, id);
    if (a.type === T.refund || a.status !== A.pending) {
      if (a.type === T.refund) return moveAfterSale(t, a, 'agreeRefund', { by, note: o.note, patch: { deadlineAt: null } });
      throw new BizError(afterSaleRefusal('agreeReturn', a.status));
    }
    if (!o.address) throw new BizError('请先在退货地址中添加退货地址');
    const at = new Date(Date.now() + rules.returnDays * DAY);
    const r = await moveAfterSale(t, a, 'agreeReturn', {
      by,
      note: `退货地址：${o.address.name} ${o.address.phone} ${o.address.address}`,
      patch: { returnAddress: o.address, deadlineAt: at },
    });
    await sendTimeout(tx, r, 'return', rules.returnDays);
    return r;
  });
  if (a.type === T.refund) await refundAfterSale(ctx, renterId, id, by, o.amountFen ?? a.amountFen);
}

/** 拒绝 with a reason: a request not answered yet, or a return the merchant will not take (待商家收货). */
export async function refuseAfterSale(ctx: Ctx, renterId: string, id: string, by: MoveBy, reason: string) {
  if (!reason) throw new BizError('请输入拒绝原因', CODE.validation);
  await inTx(ctx, async (tx) => {
    const t = tenantFor(tx, renterId);
    const { a } = await locked(t, id);
    await moveAfterSale(t, a, 'refuse', { by, note: reason, patch: { refuseReason: reason } });
  });
}

/** 确认收到退货: the goods are back in stock (once: the ledger keys); a return then waits for its refund, an exchange for the new parcel. */
export async function receiveReturn(ctx: Ctx, renterId: string, id: string, by: MoveBy, note: string) {
  await inTx(ctx, async (tx) => {
    const t = tenantFor(tx, renterId);
    const { a } = await locked(t, id);
    const r = await moveAfterSale(t, a, a.type === T.exchange ? 'receiveExchange' : 'receiveRefund', { by, note });
    await stockMoves(tx, r, 1, 'after-sale');
  });
}

/** 换货发货: the new parcel leaves (its stock taken), the request is done. */
export async function resendExchange(ctx: Ctx, renterId: string, id: string, by: MoveBy, p: { company: string; trackingNo: string }) {
  await inTx(ctx, async (tx) => {
    const t = tenantFor(tx, renterId);
    const { a } = await locked(t, id);
    const r = await moveAfterSale(t, a, 'resend', {
      by,
      note: `${p.company} ${p.trackingNo}`,
      patch: { resendCompany: p.company, resendTrackingNo: p.trackingNo },
    });
    await stockMoves(tx, r, -1, 'after-sale-resend');
  });
}

async function stockMoves(tx: Ctx, a: AfterSaleRow, sign: 1 | -1, kind: string) {
  await moveStock(
    tx,
    a.renterId,
    a.items.map((i) => ({ skuId: i.skuId, delta: sign * i.qty, reason: kind, orderId: a.orderId, key: `${kind}:${a.id}:${i.lineId}` })),
  );
}

/** 留言 (a message or evidence) on any request. */
export async function noteAfterSale(ctx: Ctx, renterId: string, id: string, by: MoveBy, note: string) {
  if (!note) throw new BizError('请输入留言内容', CODE.validation);
  const t = tenantFor(ctx, renterId);
  if (!(await repo.byId(t, id))) throw asMissing();
  await repo.log(t, id, { by, action: '商家留言', note });
}

/** The intent of a request's refund: a retry (退款中) goes on with the same refund; a failed one leaves room for a new attempt. */
export const afterSaleRefundIntent = (id: string) => `after-sale-refund:${id}`;

/**
 * 退款 (orders README "After-sale refunds"). 待商家退款: the amount (≤ what was asked, ≤ what the order has left) is
 * claimed under the order's lock, the units leave the order once (lines' refunded units; unshipped units' stock back;
 * an order 待发货 with nothing left closes, or ships when what is left is all shipped), then 退款中; after commit the
 * payment refunds it under the request's intent, and its onRefunded completes the request. 退款中: the same refund
 * again (a pending or refused one is retried).
 */
export async function refundAfterSale(ctx: Ctx, renterId: string, id: string, by: MoveBy, amountFen?: number) {
  const claim = await inTx(ctx, async (tx) => {
    const t = tenantFor(tx, renterId);
    const { a, o } = await locked(t, id);
    if (a.status === A.refunding) return { a, o };
    if (a.status !== A.toRefund) throw new BizError(afterSaleRefusal('refundStart', a.status));
    const amount = amountFen ?? a.amountFen;
    const cap = Math.min(a.amountFen, o.paidFen - Math.max(o.refundedFen, await repo.claimedFen(t, o.id, a.id)));
    if (amount <= 0) throw new BizError('退款金额必须大于0');
    if (amount > cap) throw new BizError(`退款金额不能超过可退金额 ${fenText(Math.max(cap, 0))} 元`);
    if (!a.unitsDone) await unitsLeave(tx, t, a, o, by);
    const r = await moveAfterSale(t, a, 'refundStart', {
      by,
      amountFen: amount,
      note: amount < a.amountFen ? `部分退款（申请 ${fenText(a.amountFen)} 元）` : '',
      patch: { refundFen: amount, unitsDone: true, refundAttempts: a.refundAttempts + 1 },
    });
    return { a: r, o };
  });
  const { a, o } = claim;
  if (!o.payOrderId) throw new Error(`goods order ${o.id} has no payment`);
  try {
    await refundPayment(ctx, o.payOrderId, a.refundFen, `售后退款 ${a.afterSaleNo}`, afterSaleRefundIntent(a.id));
  } catch (e) {
    if (!(e instanceof BizError)) throw e;
    await repo.log(tenantFor(ctx, renterId), a.id, {
      by: { kind: 'system', id: 'payment', name: '系统' },
      action: e.message === REFUND_PENDING_MSG ? '退款处理中' : '退款失败，可重新退款',
      note: e.message,
    });
    throw e;
  }
}

/** The units of a refunded request leave the order (once), under the order's lock. */
async function unitsLeave(tx: Ctx, t: Tenant, a: AfterSaleRow, o: GoodsOrderRow, by: MoveBy) {
  if (a.type === T.exchange) return;
  for (const it of a.items)
    if (!(await repo.refundUnits(t, it.lineId, it.qty, a.unshipped)))
      throw new BizError(a.unshipped ? `商品「${it.title}」已发货，请让买家申请退货退款` : `商品「${it.title}」可退数量不足`);
  if (a.unshipped && a.type === T.refund) await stockMoves(tx, a, 1, 'after-sale');
  if (o.status !== S.toShip) return;
  const lines = await goodsOrderRepo.lines(t, o.id);
  if (lines.every((l) => l.refundedQty >= l.qty)) {
    await moveGoodsOrder(t, o.id, 'afterSaleClose', {
      by,
      from: [S.toShip],
      patch: { closedAt: new Date(), closeReason: '全部商品已退款' },
    });
  } else if (lines.every((l) => l.shippedQty + l.refundedQty >= l.qty)) {
    const now = new Date();
    await moveGoodsOrder(t, o.id, 'ship', { by, from: [S.toShip], note: '未发货的商品已退款', patch: { shippedAt: now } });
    const rules = await orderRulesOf(tx, t.renterId);
    await sendJob(
      tx,
      AUTO_CONFIRM_JOB,
      { renterId: t.renterId, orderId: o.id },
      { startAfter: new Date(now.getTime() + rules.autoConfirmDays * DAY) },
    );
  }
}

/** A request's refund went through (the payment's onRefunded, in its transaction): 退款中 → 已完成, once. */
export async function afterSaleRefunded(tx: Ctx, renterId: string, id: string, amountFen: number) {
  const t = tenantFor(tx, renterId);
  const first = await repo.byId(t, id);
  if (!first) return;
  const o = await goodsOrderRepo.lock(t, first.orderId);
  const a = await repo.lock(t, id);
  if (!a || !o || a.status !== A.refunding) return;
  await moveAfterSale(t, a, 'refunded', { by: { kind: 'system', id: 'payment', name: '系统' }, amountFen });
  await emit(tx, 'after-sale.refunded', renterId, {
    afterSaleId: a.id,
    orderId: o.id,
    memberId: a.memberId,
    refundFen: amountFen,
    orderClosed: o.status === S.closed,
  });
}

/** Timeouts and auto-approval (README "After-sale settings"): each acts only if the request is still where it was. */
export const afterSaleTimeoutJob = defineJob<TimeoutData>({
  name: AFTER_SALE_TIMEOUT_JOB,
  retryLimit: 8,
  async handler(ctx, d) {
    const t = tenantFor(ctx, d.renterId);
    const a = await repo.byId(t, d.id);
    const sys: MoveBy = { kind: 'system', id: AFTER_SALE_TIMEOUT_JOB, name: '系统' };
    if (!a) return;
    try {
      if ((d.step === 'auto' || d.step === 'reply') && a.status === A.pending) {
        const address = a.type === T.refund ? null : await defaultReturnAddress(ctx, d.renterId);
        if (a.type !== T.refund && !address) return; // nowhere to send it: left to the merchant
        await agreeAfterSale(ctx, d.renterId, a.id, sys, {
          address,
          note: d.step === 'auto' ? '未发货订单仅退款，系统自动同意' : '商家超时未处理，系统自动同意',
        });
      } else if (d.step === 'return' && a.status === A.toReturn) {
        await inTx(ctx, async (tx) => {
          const tt = tenantFor(tx, d.renterId);
          const { a: now } = await locked(tt, a.id);
          if (now.status === A.toReturn) await moveAfterSale(tt, now, 'autoClose', { by: sys });
        });
      }
    } catch (e) {
      if (!(e instanceof BizError)) throw e; // moved on meanwhile, or a refund the merchant will retry
    }
  },
});

/** The enterprise's default 退货地址 (the first: the default, else the newest), or null when it has none. */
export async function defaultReturnAddress(ctx: Ctx, renterId: string): Promise<ReturnAddressSnapshot | null> {
  const [first] = await returnAddressesOf(ctx, renterId);
  return first ? { name: first.name, phone: first.phone, address: first.address } : null;
}
