import { FORM_ORDER_STATUS as S, FORM_ORDER_STATUS_TEXT, fenText, fenToYuan, type ListQuery } from '@shop/contract';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { fmtTime, parseTime } from '@/core/time';
import { formDetailItems, formIdsNameContaining, formNamesByIds } from '@/modules/forms';
import { userNames } from '@/modules/login';
import { staffBy } from './goods-orders/console/staff';
import { moveFormOrder } from './form-order.states';
import { type FormOrderRow, formOrderRepo, takeRepo } from './form-orders.repository';
import { pageWindow } from '@/core/paging';
import { tenantOf } from '@/core/tenant';

function bound(s: string): Date | null {
  if (!s) return null;
  const d = parseTime(s);
  if (Number.isNaN(d.getTime())) throw new BizError('时间格式不正确', CODE.validation);
  return d;
}

/** A range's end given to the second includes that whole second (23:59:59 takes 23:59:59.6 too): the first instant after it. */
function endBound(s: string): Date | null {
  const d = bound(s);
  return d && new Date(d.getTime() + 1000);
}

/** A staff member as the lists show them: the name, or the phone when the name is empty ('' for a user gone). */
const staffNameOf = (u: { name: string; phone: string } | undefined): string => u?.name || u?.phone || '';

function toRow(o: FormOrderRow, formName: string | null) {
  return {
    id: o.id,
    orderNo: o.orderNo,
    formID: o.formId,
    formName: formName ?? '（表单已删除）',
    phone: o.phone,
    amount: fenToYuan(o.amountFen),
    status: o.status,
    statusText: FORM_ORDER_STATUS_TEXT[o.status] ?? '',
    needVerify: o.needVerify === 1,
    payTime: fmtTime(o.paidAt),
    createTime: fmtTime(o.createdAt),
  };
}

/** Form orders, filtered by status, time range and keyword (order no, phone, form name). */
export async function listFormOrders(ctx: Ctx, q: ListQuery & { status: number; stime: string; endtime: string }) {
  const { renterId } = renterOf(ctx);
  const tenant = tenantOf(ctx);
  const { rows, total } = await formOrderRepo.page(ctx.db, {
    renterId,
    keyword: q.keyword,
    keywordFormIds: q.keyword ? await formIdsNameContaining(tenant, q.keyword) : [],
    status: q.status,
    from: bound(q.stime),
    before: endBound(q.endtime),
    ...pageWindow(q),
    sorter: q.sorter,
  });
  const formNames = await formNamesByIds(
    tenant,
    rows.map((o) => o.formId),
  );
  return { rows: rows.map((o) => toRow(o, formNames.get(o.formId) ?? null)), total_count: total };
}

export async function formOrderDetail(ctx: Ctx, id: string) {
  const tenant = tenantOf(ctx);
  const o = await formOrderRepo.byId(tenant, id);
  if (!o) throw new BizError('订单不存在', CODE.notFound);
  const formName = (await formNamesByIds(tenant, [o.formId])).get(o.formId) ?? null;
  const verifier = o.verifiedBy ? (await userNames(ctx.db, [o.verifiedBy])).get(o.verifiedBy) : undefined;
  const timeline = [
    { time: fmtTime(o.createdAt), text: '提交表单，创建订单' },
    ...(o.paidAt ? [{ time: fmtTime(o.paidAt), text: `支付成功 ¥${fenText(o.amountFen)}` }] : []),
    ...(o.verifiedAt ? [{ time: fmtTime(o.verifiedAt), text: '到店核销' }] : []),
    ...(o.cancelledAt ? [{ time: fmtTime(o.cancelledAt), text: `取消订单：${o.cancelReason}` }] : []),
    ...(o.refundedAt ? [{ time: fmtTime(o.refundedAt), text: '已原路退款' }] : []),
  ];
  return {
    ...toRow(o, formName),
    submissionId: o.submissionId,
    sellerNotes: o.sellerNotes,
    cancelReason: o.cancelReason,
    refundTime: fmtTime(o.refundedAt),
    verifyTime: fmtTime(o.verifiedAt),
    verifyBy: staffNameOf(verifier),
    items: await formDetailItems(ctx, o.submissionId),
    timeline,
  };
}

export async function setFormOrderNotes(ctx: Ctx, id: string, notes: string) {
  await inTx(ctx, async (tx) => {
    const o = await formOrderRepo.lock(tenantOf(tx), id);
    if (!o) throw new BizError('订单不存在', CODE.notFound);
    await formOrderRepo.setNotes(tenantOf(tx), id, notes);
    await audit(tx, {
      module: 'orders',
      action: '表单订单备注',
      recordId: id,
      before: { sellerNotes: o.sellerNotes },
      after: { sellerNotes: notes },
    });
  });
}

async function verify(tx: Ctx, o: FormOrderRow, code: string, how: string) {
  const { renterId, userId } = renterOf(tx);
  if (o.status === S.done) throw new BizError('该订单已核销，请勿重复核销');
  if (o.status !== S.paid) throw new BizError(`订单${FORM_ORDER_STATUS_TEXT[o.status] ?? ''}，不能核销`);
  const now = new Date();
  const by = await staffBy(tx);
  if (
    !(await moveFormOrder(tenantOf(tx), o.id, 'verify', { by, patch: { verifiedAt: now, verifiedBy: userId }, note: code, action: how }))
  ) {
    throw new BizError('该订单已核销，请勿重复核销');
  }
  await takeRepo.insert(tx.db, { renterId, orderId: o.id, code, staffUserId: userId });
  await audit(tx, { module: 'orders', action: how, recordId: o.id, before: { status: o.status }, after: { status: S.done } });
}

/** Marks a paid order verified from its detail page (the customer showed the code). */
export async function takeFormOrder(ctx: Ctx, id: string) {
  await inTx(ctx, async (tx) => {
    const o = await formOrderRepo.lock(tenantOf(tx), id);
    if (!o) throw new BizError('订单不存在', CODE.notFound);
    await verify(tx, o, o.verifyCode ?? '', '表单订单核销');
  });
}

/** Verifies the order whose 8-digit code the customer shows; answers the order. */
export async function verifyFormOrderCode(ctx: Ctx, code: string) {
  const id = await inTx(ctx, async (tx) => {
    const o = await formOrderRepo.lockByCode(tenantOf(tx), code);
    if (!o) throw new BizError('核销码不存在');
    await verify(tx, o, code, '核销码核销');
    return o.id;
  });
  return formOrderDetail(ctx, id);
}

export async function listTakes(ctx: Ctx, q: ListQuery & { stime: string; endtime: string }) {
  const { renterId } = renterOf(ctx);
  const { rows, total } = await takeRepo.page(ctx.db, {
    renterId,
    keyword: q.keyword,
    from: bound(q.stime),
    before: endBound(q.endtime),
    ...pageWindow(q),
  });
  const formNames = await formNamesByIds(
    tenantOf(ctx),
    rows.flatMap((r) => (r.formId ? [r.formId] : [])),
  );
  const staff = await userNames(
    ctx.db,
    rows.map((r) => r.t.staffUserId),
  );
  return {
    rows: rows.map((r) => ({
      id: r.t.id,
      orderNo: r.orderNo ?? '',
      formName: (r.formId ? formNames.get(r.formId) : undefined) ?? '',
      code: r.t.code,
      staffName: staffNameOf(staff.get(r.t.staffUserId)),
      createTime: fmtTime(r.t.createdAt),
    })),
    total_count: total,
  };
}
