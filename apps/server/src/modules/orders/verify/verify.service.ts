import {
  FORM_ORDER_STATUS as FS,
  FORM_ORDER_STATUS_TEXT,
  fenToYuan,
  GOODS_ORDER_STATUS_TEXT,
  type ListQuery,
  normalVerifyCode,
  VERIFY_KIND_TEXT,
  type VerifyKind,
  type VerifyMatch,
  verifyCodeFormat,
} from '@shop/contract';
import type { Ctx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { pageWindow } from '@/core/paging';
import { tenantOf } from '@/core/tenant';
import { fmtTime, parseTime } from '@/core/time';
import { pickupPointNames } from '@/modules/delivery';
import { formDetailItems, formNamesByIds } from '@/modules/forms';
import { userNames } from '@/modules/login';
import { staffPage } from '@/modules/team';
import type { FormOrderRow } from '@/modules/orders/form-orders.repository';
import { verifyFormOrderCode } from '@/modules/orders/form-orders.service';
import type { GoodsOrderRow } from '@/modules/orders/goods-orders.tables';
import { goodsOrderRepo } from '@/modules/orders/goods-orders/goods-orders.repository';
import { pickupRefusal, verifyPickup } from '@/modules/orders/goods-orders/console/take.service';
import { lineBrief } from '@/modules/orders/goods-orders/console/view';
import { formOrderByCode, pageTakes, pickupTakeOf } from './verify.repository';

/** What a code of a kind not yet verifiable answers (README: the coupon and time-card issues make them live). */
const NOT_YET: Record<string, string> = {
  coupon: '这是优惠券券码，优惠券核销功能尚未开通',
  timeCard: '这是次卡核销码，次卡核销功能尚未开通',
};
const ANSWERS_SHOWN = 4;

const staffName = (u: { name: string; phone: string } | undefined) => u?.name || u?.phone || '';

interface CardBase {
  kind: VerifyKind;
  id: string;
  orderNo: string;
  code: string | null;
  status: number;
  statusText: string;
  amountFen: number;
  phone: string;
  paidAt: Date | null;
  refusal: string;
  takenAt: Date | null;
  takenBy: string | null;
}

/** The card of either kind: the common fields, the kind's own ones (`own`) over empty defaults. */
async function cardOf(
  ctx: Ctx,
  b: CardBase,
  own: Partial<Pick<VerifyMatch, 'lines' | 'pickupPointName' | 'buyerNote' | 'formName' | 'answers'>>,
) {
  const by = b.takenBy ? (await userNames(ctx.db, [b.takenBy])).get(b.takenBy) : undefined;
  return {
    kind: b.kind,
    kindText: VERIFY_KIND_TEXT[b.kind],
    id: b.id,
    orderNo: b.orderNo,
    code: b.code ?? '',
    status: b.status,
    statusText: b.statusText,
    amount: fenToYuan(b.amountFen),
    phone: b.phone,
    payTime: fmtTime(b.paidAt),
    lines: [],
    pickupPointName: '',
    buyerNote: '',
    formName: '',
    answers: [],
    ...own,
    takeable: !b.refusal,
    refusal: b.refusal,
    takeTime: fmtTime(b.takenAt),
    takeStaff: staffName(by),
  };
}

async function pickupCard(ctx: Ctx, o: GoodsOrderRow) {
  const t = tenantOf(ctx);
  const [lines, take, points] = [
    await goodsOrderRepo.lines(t, o.id),
    await pickupTakeOf(t, o.id),
    await pickupPointNames(t, o.pickupPointId ? [o.pickupPointId] : []),
  ];
  return cardOf(
    ctx,
    {
      kind: 'pickup',
      id: o.id,
      orderNo: o.orderNo,
      code: o.pickupCode,
      status: o.status,
      statusText: GOODS_ORDER_STATUS_TEXT[o.status] ?? '',
      amountFen: o.payFen,
      phone: o.memberPhone,
      paidAt: o.paidAt,
      refusal: await pickupRefusal(ctx, o),
      takenAt: take?.createdAt ?? null,
      takenBy: take?.staffUserId ?? null,
    },
    {
      lines: lines.map(lineBrief),
      pickupPointName: o.pickupPointId ? (points.get(o.pickupPointId) ?? '（自提点已删除）') : '',
      buyerNote: o.buyerNote,
    },
  );
}

/** Why a form order cannot be verified ('' when it can): the same words as its own 核销 (form-orders.service). */
function formRefusal(o: FormOrderRow): string {
  if (o.status === FS.paid) return '';
  if (o.status === FS.done) return '该订单已核销，请勿重复核销';
  return `订单${FORM_ORDER_STATUS_TEXT[o.status] ?? ''}，不能核销`;
}

async function formCard(ctx: Ctx, o: FormOrderRow) {
  const t = tenantOf(ctx);
  const formName = (await formNamesByIds(t, [o.formId])).get(o.formId) ?? '（表单已删除）';
  // A submission gone (never, but the order outlives it by design) shows no answers rather than failing the check.
  const items = await formDetailItems(ctx, o.submissionId).catch((e) => {
    if (e instanceof BizError) return [];
    throw e;
  });
  return cardOf(
    ctx,
    {
      kind: 'form',
      id: o.id,
      orderNo: o.orderNo,
      code: o.verifyCode,
      status: o.status,
      statusText: FORM_ORDER_STATUS_TEXT[o.status] ?? '',
      amountFen: o.amountFen,
      phone: o.phone,
      paidAt: o.paidAt,
      refusal: formRefusal(o),
      takenAt: o.verifiedAt,
      takenBy: o.verifiedBy,
    },
    {
      formName,
      // The submitter's first answers with text (pictures and empty answers are left to the order's detail page).
      answers: items
        .filter((i) => i.formText && !/^https?:\/\//.test(i.formText))
        .slice(0, ANSWERS_SHOWN)
        .map((i) => ({ label: i.lbText, value: i.formText })),
    },
  );
}

/**
 * Check: what a typed or scanned code is. 8 digits: the pick-up order and / or the form order with it (each kind's
 * codes are unique per renter, the two kinds are not: both are shown and the staff chooses). Coupon and time-card
 * codes are refused until their issues land; anything else is no code.
 */
export async function checkCode(ctx: Ctx, raw: string) {
  const code = normalVerifyCode(raw);
  const format = verifyCodeFormat(code);
  if (!format) throw new BizError('核销码格式不正确', CODE.validation);
  if (format !== 'order') throw new BizError(NOT_YET[format]);
  const t = tenantOf(ctx);
  const goods = await goodsOrderRepo.byPickupCode(t, code);
  const form = await formOrderByCode(t, code);
  const matches = [...(goods ? [await pickupCard(ctx, goods)] : []), ...(form ? [await formCard(ctx, form)] : [])];
  if (!matches.length) throw new BizError('核销码不存在');
  return { matches };
}

/** Take: verifies the code as the kind the staff chose, through that kind's own 核销 (one conditional UPDATE each). */
export async function takeCode(ctx: Ctx, code: string, kind: VerifyKind) {
  const t = tenantOf(ctx);
  if (kind === 'pickup') {
    const { id } = await verifyPickup(ctx, code);
    const o = await goodsOrderRepo.byId(t, id);
    if (!o) throw new BizError('核销码不存在', CODE.notFound);
    return pickupCard(ctx, o);
  }
  await verifyFormOrderCode(ctx, code);
  const o = await formOrderByCode(t, code);
  if (!o) throw new BizError('核销码不存在', CODE.notFound);
  return formCard(ctx, o);
}

function bound(s: string, label: string, end = false): Date | null {
  if (!s) return null;
  const d = parseTime(s);
  if (Number.isNaN(d.getTime())) throw new BizError(`${label}格式不正确`, CODE.validation);
  // A range's end given to the second includes that whole second.
  return end ? new Date(d.getTime() + 1000) : d;
}

/** 核销记录: both kinds in one list, by time (README "核销记录"). */
export async function listTakes(ctx: Ctx, q: ListQuery & { kind: '' | VerifyKind; staffUserId: string; stime: string; endtime: string }) {
  const t = tenantOf(ctx);
  const page = await pageTakes(t, {
    kind: q.kind,
    staffUserId: q.staffUserId,
    keyword: normalVerifyCode(q.keyword),
    from: bound(q.stime, '开始时间'),
    before: bound(q.endtime, '结束时间', true),
    asc: q.sorter.some((s) => s.field === 'createTime' && s.order.startsWith('asc')),
    ...pageWindow(q),
  });
  const [staff, forms, points] = [
    await userNames(
      ctx.db,
      page.rows.map((r) => r.staffUserId),
    ),
    await formNamesByIds(
      t,
      page.rows.flatMap((r) => (r.formId ? [r.formId] : [])),
    ),
    await pickupPointNames(
      t,
      page.rows.flatMap((r) => (r.pickupPointId ? [r.pickupPointId] : [])),
    ),
  ];
  return {
    rows: page.rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      kindText: VERIFY_KIND_TEXT[r.kind],
      code: r.code,
      orderId: r.orderId,
      orderNo: r.orderNo,
      what: r.kind === 'form' ? (forms.get(r.formId) ?? '（表单已删除）') : r.title,
      amount: fenToYuan(r.amountFen),
      staffName: staffName(staff.get(r.staffUserId)),
      pickupPointName: r.pickupPointId ? (points.get(r.pickupPointId) ?? '') : '',
      createTime: fmtTime(r.createdAt),
    })),
    total_count: page.total,
    total_estimated: page.estimated,
  };
}

/** The staff filter's options: the enterprise's staff (first 200 by the keyword), by their user id. */
export async function staffOptions(ctx: Ctx, keyword: string) {
  const { rows } = await staffPage(tenantOf(ctx), { keyword, roleId: '', status: -1, sorter: [], offset: 0, limit: 200 });
  return rows.map((r) => ({ id: r.s.userId, name: r.s.name || r.phone }));
}
