import {
  AFTER_SALE_STATUS as A,
  AFTER_SALE_STATUS_TEXT,
  AFTER_SALE_TABS,
  AFTER_SALE_TYPE as T,
  AFTER_SALE_TYPE_TEXT,
  type AfterSaleAction,
  type AfterSaleFilter,
  type AfterSaleSettings,
  type contract,
  EXPRESS_COMPANIES,
  fenToYuan,
  type ListQuery,
} from '@shop/contract';
import { and, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { audit } from '@/core/audit';
import type { Ctx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { pageWindow } from '@/core/paging';
import { type Handlers, withMsg } from '@/core/register';
import { type Tenant, tenantOf } from '@/core/tenant';
import { REFUND_STARTED } from '@/integrations/payment';
import { returnAddressesOf } from '@/modules/shop';
import { timeBound } from '@/modules/orders/goods-orders/console/list.service';
import { staffBy } from '@/modules/orders/goods-orders/console/staff';
import { goodsOrderRepo } from '@/modules/orders/goods-orders/goods-orders.repository';
import {
  agreeAfterSale,
  asMissing,
  noteAfterSale,
  receiveReturn,
  refuseAfterSale,
  refundAfterSale,
  resendExchange,
  settingsOf,
} from './after-sale.flow';
import { afterSaleRepo as repo, tabStatuses } from './after-sales.repository';
import { afterSales } from './after-sales.tables';
import { afterSaleDetailOf, afterSaleRow, requestRefundable } from './after-sales.view';

const MODULE = 'orders';

function where(t: Tenant, f: AfterSaleFilter & { keyword?: string }): SQL {
  const a = afterSales;
  const parts: (SQL | undefined)[] = [eq(a.renterId, t.renterId)];
  const st = tabStatuses(f.tab);
  if (st) parts.push(inArray(a.status, st));
  if (f.afterSaleNo) parts.push(eq(a.afterSaleNo, f.afterSaleNo.toUpperCase()));
  if (f.orderNo) parts.push(eq(a.orderNo, f.orderNo.toUpperCase()));
  if (f.memberPhone) parts.push(eq(a.memberPhone, f.memberPhone));
  if (f.type) parts.push(eq(a.type, f.type));
  const k = (f.keyword ?? '').trim();
  if (k) {
    if (/^S\d+$/i.test(k)) parts.push(eq(a.afterSaleNo, k.toUpperCase()));
    else if (/^G\d+$/i.test(k)) parts.push(eq(a.orderNo, k.toUpperCase()));
    else if (/^1\d{10}$/.test(k)) parts.push(eq(a.memberPhone, k));
    else throw new BizError('请输入售后单号、订单编号或买家手机号', CODE.validation);
  }
  const from = timeBound(f.stime, '开始时间');
  const end = timeBound(f.endtime, '结束时间');
  if (from) parts.push(gte(a.createdAt, from));
  if (end) parts.push(lt(a.createdAt, new Date(end.getTime() + 1000)));
  return and(...parts) as SQL;
}

/** serverlist: a page of the filtered requests and every tab's count (the renter's whole list). */
export async function listAfterSales(ctx: Ctx, q: ListQuery & AfterSaleFilter) {
  const t = tenantOf(ctx);
  const { offset, limit } = pageWindow(q);
  const [page, counts] = await Promise.all([repo.page(t, where(t, q), q.sorter, offset, limit), repo.tabCounts(t)]);
  return {
    rows: page.rows.map(afterSaleRow),
    total_count: page.total,
    total_estimated: page.estimated,
    tabs: AFTER_SALE_TABS.map(({ tab, text }) => ({ tab, text, count: counts.get(tab) ?? 0 })),
  };
}

async function found(t: Tenant, id: string) {
  const a = await repo.byId(t, id);
  if (!a) throw asMissing();
  return a;
}

const ACTION_TEXT: Record<AfterSaleAction, string> = {
  agree: '同意',
  refuse: '拒绝',
  receive: '确认收货',
  refund: '退款',
  resend: '换货发货',
  message: '留言',
};

/** GetNextServer: what the merchant may do now (the buttons). */
export function nextActions(status: number, type: number): AfterSaleAction[] {
  const out: AfterSaleAction[] = [];
  if (status === A.pending) out.push('agree', 'refuse');
  if (status === A.returning) out.push('receive', 'refuse');
  if (status === A.toRefund || status === A.refunding) out.push('refund');
  if (status === A.toResend && type === T.exchange) out.push('resend');
  out.push('message');
  return out;
}

export async function checkInfo(ctx: Ctx, id: string) {
  const t = tenantOf(ctx);
  const a = await found(t, id);
  const o = await goodsOrderRepo.byId(t, a.orderId);
  if (!o) throw asMissing();
  const row = afterSaleRow(a);
  return {
    id: a.id,
    type: a.type,
    typeText: AFTER_SALE_TYPE_TEXT[a.type] ?? '',
    status: a.status,
    amount: fenToYuan(a.amountFen),
    refundable: fenToYuan(await requestRefundable(t, a, o)),
    items: row.items,
    addresses: a.type === T.refund ? [] : await returnAddressesOf(ctx, t.renterId),
    companies: EXPRESS_COMPANIES.map((c) => ({ code: c.code, name: c.name })),
  };
}

async function audited(ctx: Ctx, id: string, action: string, work: () => Promise<void>, after: Record<string, unknown> = {}) {
  const t = tenantOf(ctx);
  const before = await found(t, id);
  try {
    await work();
  } finally {
    const now = await repo.byId(t, id);
    if (now && now.status !== before.status)
      await audit(ctx, {
        module: MODULE,
        action,
        recordId: id,
        before: { status: before.status },
        after: { status: now.status, ...after },
      });
  }
}

export async function check(ctx: Ctx, b: { id: string; agree: boolean; amount?: number; addressId?: string; reason: string }) {
  const t = tenantOf(ctx);
  const by = await staffBy(ctx);
  if (!b.agree) return audited(ctx, b.id, '拒绝售后', () => refuseAfterSale(ctx, t.renterId, b.id, by, b.reason), { reason: b.reason });
  const a = await found(t, b.id);
  let address = null;
  if (a.type !== T.refund) {
    const all = await returnAddressesOf(ctx, t.renterId);
    const pick = b.addressId ? all.find((x) => x.id === b.addressId) : all[0];
    if (b.addressId && !pick) throw new BizError('退货地址不存在', CODE.notFound);
    address = pick ? { name: pick.name, phone: pick.phone, address: pick.address } : null;
  }
  await audited(ctx, b.id, '同意售后', () => agreeAfterSale(ctx, t.renterId, b.id, by, { amountFen: b.amount, address }), {
    amountFen: b.amount,
  });
}

export async function flow(
  ctx: Ctx,
  b: { id: string; action: string; amount?: number; companyCode: string; trackingNo: string; note: string },
) {
  const t = tenantOf(ctx);
  const by = await staffBy(ctx);
  if (b.action === 'message') return noteAfterSale(ctx, t.renterId, b.id, by, b.note);
  if (b.action === 'receive') return audited(ctx, b.id, '售后确认收货', () => receiveReturn(ctx, t.renterId, b.id, by, b.note));
  if (b.action === 'refund')
    return audited(ctx, b.id, '售后退款', () => refundAfterSale(ctx, t.renterId, b.id, by, b.amount), { amountFen: b.amount });
  const company = EXPRESS_COMPANIES.find((c) => c.code === b.companyCode);
  if (!company) throw new BizError('请选择快递公司', CODE.validation);
  if (!b.trackingNo) throw new BizError('请输入快递单号', CODE.validation);
  await audited(ctx, b.id, '换货发货', () =>
    resendExchange(ctx, t.renterId, b.id, by, { company: company.name, trackingNo: b.trackingNo }),
  );
}

export async function autoCheck(ctx: Ctx, save?: AfterSaleSettings) {
  const t = tenantOf(ctx);
  if (save) {
    const before = await settingsOf(ctx, t.renterId);
    await repo.saveSettings(t, save);
    await audit(ctx, { module: MODULE, action: '售后设置', before, after: save });
  }
  return settingsOf(ctx, t.renterId);
}

/** /Order/Service/ (the spec's 服务单 = 售后单). */
export const afterSaleHandlers: Handlers<typeof contract.afterSale> = {
  serverlist: (ctx, b) => listAfterSales(ctx, b),
  GetServerDetail: async (ctx, b) => {
    const t = tenantOf(ctx);
    return afterSaleDetailOf(ctx, t.renterId, await found(t, b.id), false);
  },
  GetNextServer: async (ctx, b) => {
    const a = await found(tenantOf(ctx), b.id);
    return {
      status: a.status,
      statusText: AFTER_SALE_STATUS_TEXT[a.status] ?? '',
      actions: nextActions(a.status, a.type).map((action) => ({ action, text: ACTION_TEXT[action] })),
    };
  },
  GetCheckServerDetail: (ctx, b) => checkInfo(ctx, b.id),
  CheckService: async (ctx, b) => withMsg(await check(ctx, b), b.agree ? '已同意' : '已拒绝'),
  AddFlow: async (ctx, b) => withMsg(await flow(ctx, b), b.action === 'refund' ? REFUND_STARTED : '操作成功'),
  AutoCheckServer: async (ctx, b) => (b.save ? withMsg(await autoCheck(ctx, b.save), '保存成功') : autoCheck(ctx)),
};
