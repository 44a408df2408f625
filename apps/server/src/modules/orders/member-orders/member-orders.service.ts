import {
  fenText,
  fenToYuan,
  type ListQuery,
  MEMBER_ORDER_KIND,
  MEMBER_ORDER_MISSING_MSG,
  MEMBER_ORDER_STATUS as S,
  MEMBER_ORDER_STATUS_TEXT,
  type memberOrderListBody,
} from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, memberOf } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { pageWindow } from '@/core/paging';
import { type Tenant, tenantOf } from '@/core/tenant';
import { fmtTime, parseTime } from '@/core/time';
import { orderTimeline, patchOrder } from '@/modules/orders/core/moves';
import { memberOrders } from './member-orders.tables';
import { type MemberOrderRow, memberOrderRepo as repo } from './member-orders.repository';

type ListInput = z.output<typeof memberOrderListBody>;

const KIND_NAME: Record<number, string> = { 1: '等级订单', 2: '权益卡订单' };

export const memberOrderMissing = () => new BizError(MEMBER_ORDER_MISSING_MSG, CODE.notFound);

function bound(s: string, field: string): Date | null {
  if (!s) return null;
  const d = parseTime(s);
  if (Number.isNaN(d.getTime())) throw new BizError(`${field}格式不正确`, CODE.validation);
  return d;
}

const validText = (days: number) => (days === 0 ? '永久有效' : `${days}天`);

function toRow(o: MemberOrderRow) {
  return {
    id: o.id,
    orderNo: o.orderNo,
    kind: o.kind,
    memberId: o.memberId,
    memberName: o.memberName,
    phone: o.memberPhone,
    itemId: o.itemId,
    itemName: o.itemName,
    price: fenToYuan(o.priceFen),
    validDays: o.validDays,
    amount: fenToYuan(o.amountFen),
    refunded: fenToYuan(o.refundedFen),
    status: o.status,
    statusText: MEMBER_ORDER_STATUS_TEXT[o.status] ?? '',
    payTime: fmtTime(o.paidAt),
    createTime: fmtTime(o.createdAt),
  };
}

/** A kind's order of this renter (another kind's or renter's id: 订单不存在). */
export async function foundMemberOrder(tenant: Tenant, kind: number, id: string, lock = false): Promise<MemberOrderRow> {
  const o = await repo.byId(tenant, id, lock);
  if (!o || o.kind !== kind) throw memberOrderMissing();
  return o;
}

/** 等级订单 / 权益卡订单 list: status tab, order no, buyer's phone, level or card, creation range; tab counts. */
export async function listMemberOrders(ctx: Ctx, kind: number, q: ListInput) {
  const tenant = tenantOf(ctx);
  const filter = {
    kind,
    orderNo: q.orderNo || q.keyword,
    phone: q.phone,
    itemId: q.itemId,
    from: bound(q.stime, '开始时间'),
    before: ((d) => d && new Date(d.getTime() + 1000))(bound(q.endtime, '结束时间')),
  };
  const [{ rows, total }, counts] = await Promise.all([
    repo.page(tenant, { ...filter, status: q.status, sorter: q.sorter, ...pageWindow(q) }),
    repo.counts(tenant, filter),
  ]);
  const c = (s: number) => counts.get(s) ?? 0;
  return {
    rows: rows.map(toRow),
    total_count: total,
    counts: { all: c(0) + c(1) + c(2) + c(3), 0: c(0), 1: c(1), 2: c(2), 3: c(3) },
  };
}

export async function memberOrderDetail(ctx: Ctx, kind: number, id: string) {
  const o = await foundMemberOrder(tenantOf(ctx), kind, id);
  return {
    ...toRow(o),
    validText: validText(o.validDays),
    sellerNotes: o.sellerNotes,
    cancelReason: o.cancelReason,
    cancelTime: fmtTime(o.cancelledAt),
    refundTime: fmtTime(o.refundedAt),
    grantStart: fmtTime(o.grantStart),
    grantEnd: o.grantStart ? (o.grantForever === 1 ? '永久有效' : fmtTime(o.grantEnd)) : '',
    cardNo: o.cardNo,
    payOrderId: o.payOrderId ?? '',
    refundable: o.status === S.done ? fenToYuan(o.amountFen - o.refundedFen) : 0,
    timeline: (await orderTimeline(tenantOf(ctx), o.id)).map((t) => ({ time: fmtTime(t.createdAt), text: t.action })),
  };
}

/** 卖家备注 (sellerNotes / notes): audited. */
export async function setMemberOrderNotes(ctx: Ctx, kind: number, id: string, notes: string) {
  await inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    const o = await foundMemberOrder(tenant, kind, id, true);
    await patchOrder(tenant, memberOrders, id, [o.status], { sellerNotes: notes });
    await audit(tx, {
      module: 'orders',
      action: `${KIND_NAME[kind]}备注`,
      recordId: id,
      before: { sellerNotes: o.sellerNotes },
      after: { sellerNotes: notes },
    });
  });
}

function h5Row(o: MemberOrderRow) {
  return {
    id: o.id,
    orderNo: o.orderNo,
    kind: o.kind,
    itemName: o.itemName,
    amount: fenToYuan(o.amountFen),
    refunded: fenToYuan(o.refundedFen),
    status: o.status,
    statusText: MEMBER_ORDER_STATUS_TEXT[o.status] ?? '',
    grantEnd: o.grantStart ? (o.grantForever === 1 ? '永久有效' : fmtTime(o.grantEnd)) : '',
    createTime: fmtTime(o.createdAt),
    payTime: fmtTime(o.paidAt),
    qr_code: o.status === S.unpaid ? o.payLink : '',
  };
}

/** 我的等级订单 / 我的权益卡订单. */
export async function myMemberOrders(ctx: Ctx, q: ListQuery & { kind: number }) {
  const { memberId } = memberOf(ctx);
  const { offset, limit } = pageWindow(q);
  const { rows, total } = await repo.mine(tenantOf(ctx), memberId, q.kind, offset, limit);
  return { rows: rows.map(h5Row), total_count: total };
}

/** One of my orders (another member's: 订单不存在). */
export async function myMemberOrder(ctx: Ctx, id: string) {
  const { memberId } = memberOf(ctx);
  const o = await repo.byId(tenantOf(ctx), id);
  if (!o || o.memberId !== memberId) throw memberOrderMissing();
  return h5Row(o);
}

export const orderKindName = (kind: number) => KIND_NAME[kind] ?? '';
export const paidText = (o: Pick<MemberOrderRow, 'amountFen'>) => `支付成功 ¥${fenText(o.amountFen)}`;
export { MEMBER_ORDER_KIND };
