import { randomInt, randomUUID } from 'node:crypto';
import { FIELD_KIND, FORM_ORDER_STATUS as S, fenToYuan } from '@shop/contract';
import { type Ctx, inTx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { emit } from '@/core/jobs';
import { nextSequence } from '@/core/sequence';
import { nextOrderNo } from '@/core/order-no';
import { openPayment, type PayOrderRow, payLinkOf } from '@/integrations/payment';
import { claimUploads } from '@/modules/files';
import {
  checkAnswers,
  FORM_GONE,
  formById,
  insertSubmission,
  lockVisitorSubmissions,
  openState,
  publicFormById,
  setSubmissionStatus,
  takeFormPlace,
  visitorSubmissionCount,
} from '@/modules/forms';
import { SYSTEM_BY } from '@/modules/orders/core/moves';
import { noteRejectedPayment } from '@/modules/orders/core/stray-payment';
import {
  insertFormOrder,
  lockFormOrder,
  lockFormOrderByCode,
  logFormOrderPlaced,
  moveFormOrder,
  patchUnpaidFormOrder,
} from '@/modules/orders/workflow.service';
import { sendJob } from '@/core/jobs';
import { FORM_ORDER_EXPIRE_JOB, FORM_ORDER_PAY_MINUTES } from './expiry.job';
import { tenantFor } from '@/core/tenant';

export const FORM_ORDER_BIZ = 'form_order';

export interface SubmitInput {
  formId: string;
  visitor: string;
  answers: Record<string, unknown>;
}

export interface SubmitResult {
  submissionId: string;
  subNo: string;
  needPay: number;
  orderId: string;
  orderNo: string;
  /** The payment QR's link (sandbox page in development). */
  qr_code: string;
  total: number;
}

/**
 * A customer submits a form on the public page. One transaction: the per-person and total limits, the
 * submission, the uploads it claims, and for a paid form its order with its one pay order; the provider's link is
 * made after commit (payLinkOf: idempotent, asked again by the next call if the provider did not answer).
 */
export async function submitForm(ctx: Ctx, input: SubmitInput): Promise<SubmitResult> {
  const result = await inTx(ctx, async (tx) => {
    const form = await publicFormById(tx.db, input.formId);
    const state = openState(form);
    if (!form || !state.open) throw new BizError(state.reason);
    const items = checkAnswers(form.fields, input.answers);
    const renterId = form.renterId;

    await lockVisitorSubmissions(tx.db, form.id, input.visitor);
    if (form.personLimit > 0 && (await visitorSubmissionCount(tx.db, form.id, input.visitor)) >= form.personLimit) {
      throw new BizError(`每人最多提交${form.personLimit}次`);
    }
    const submissionId = randomUUID();
    const images = items.filter((i) => i.kind === FIELD_KIND.image && Array.isArray(i.value)).flatMap((i) => i.value as string[]);
    if (
      images.length > 0 &&
      !(await claimUploads(tx, {
        renterId,
        scope: `form:${form.id}`,
        uploader: { type: 'visitor', id: input.visitor },
        urls: images,
        attachTo: submissionId,
      }))
    ) {
      throw new BizError('图片无效，请重新上传', CODE.validation);
    }
    if (!(await takeFormPlace(tenantFor(tx, renterId), form.id))) {
      // Disabled or deleted since we read it, or full.
      const now = await publicFormById(tx.db, form.id);
      throw new BizError(now?.state === 1 ? '提交人数已满' : FORM_GONE);
    }

    const seq = await nextSequence(tenantFor(tx, renterId), 'form_submission');
    const phone = items.find((i) => i.kind === FIELD_KIND.phone && typeof i.value === 'string')?.value as string | undefined;
    const paid = form.needPay === 1;
    const submission = await insertSubmission(tx.db, {
      id: submissionId,
      renterId,
      formId: form.id,
      subNo: `S${String(seq).padStart(8, '0')}`,
      visitor: input.visitor,
      phone: phone ?? '',
      searchText: items
        .map((i) => (Array.isArray(i.value) ? i.value.join(' ') : (i.value ?? '')))
        .join(' ')
        .slice(0, 4000),
      items,
      status: paid ? 0 : 1,
      ip: tx.ip,
    });
    // The enterprise's notice of a free submission is a subscriber of this event (src/wiring.ts).
    await emit(tx, 'form.submitted', renterId, {
      formId: form.id,
      formName: form.name,
      submissionId: submission.id,
      subNo: submission.subNo,
      paid,
      visitor: input.visitor,
      phone: phone ?? '',
    });
    if (!paid) return { form, submission, order: null, pay: null };
    const order = await insertFormOrder(tx.db, {
      renterId,
      orderNo: await nextOrderNo(tenantFor(tx, renterId), { prefix: 'FO', counter: 'form_order' }),
      formId: form.id,
      submissionId: submission.id,
      visitor: input.visitor,
      phone: phone ?? '',
      amountFen: form.priceFen,
      status: S.unpaid,
      needVerify: form.needVerify ? 1 : 0,
    });
    // The order's one pay order, opened with it: the link answered below and every later one is this one.
    const pay = await openPayment(tx, {
      renterId,
      bizType: FORM_ORDER_BIZ,
      bizId: order.id,
      subject: `表单报名：${form.name}`,
      amountFen: order.amountFen,
    });
    await patchUnpaidFormOrder(tenantFor(tx, renterId), order.id, { payOrderId: pay.id });
    await logFormOrderPlaced(tenantFor(tx, renterId), order.id, { kind: 'visitor', id: input.visitor, name: '顾客' });
    // Its timer: not paid within the window, it cancels itself and frees the place.
    await sendJob(
      tx,
      FORM_ORDER_EXPIRE_JOB,
      { renterId, orderId: order.id },
      { startAfter: new Date(order.createdAt.getTime() + FORM_ORDER_PAY_MINUTES * 60_000) },
    );
    return { form, submission, order, pay };
  });
  const { form, submission, order, pay } = result;
  const base = { submissionId: submission.id, subNo: submission.subNo, needPay: form.needPay };
  if (!order || !pay) return { ...base, orderId: '', orderNo: '', qr_code: '', total: 0 };
  const link = await payLinkOf(ctx, pay);
  return { ...base, orderId: order.id, orderNo: order.orderNo, qr_code: link.qr_code, total: fenToYuan(order.amountFen) };
}

/** A unique 8-digit verification code within the renter (retried on the rare clash). */
async function newVerifyCode(tx: Ctx, renterId: string, orderId: string, now: Date, payOrderId: string): Promise<string> {
  for (let i = 0; i < 8; i++) {
    const code = String(randomInt(10_000_000, 100_000_000));
    const clash = await lockFormOrderByCode(tenantFor(tx, renterId), code);
    if (!clash) {
      await moveFormOrder(tenantFor(tx, renterId), orderId, 'pay', {
        by: PAYMENT_BY,
        patch: { paidAt: now, verifyCode: code, payOrderId },
      });
      return code;
    }
  }
  throw new Error('could not allocate a verification code');
}

const PAYMENT_BY = { ...SYSTEM_BY, id: 'payment' };

/** The payment of a form order arrived (inside the payment's transaction). */
export async function formOrderPaid(tx: Ctx, pay: PayOrderRow): Promise<'rejected' | undefined> {
  const { renterId, bizId: orderId } = pay;
  const o = await lockFormOrder(tenantFor(tx, renterId), orderId);
  if (!o) return 'rejected';
  if (o.status !== S.unpaid) {
    // Cancelled meanwhile, or paid through another pay order: the payment goes back.
    await noteRejectedPayment(tenantFor(tx, renterId), o.id, o.status === S.cancelled || o.status === S.refunded, pay.amountFen);
    return 'rejected';
  }
  const now = new Date();
  if (o.needVerify === 1) await newVerifyCode(tx, renterId, orderId, now, pay.id);
  else await moveFormOrder(tenantFor(tx, renterId), orderId, 'payDone', { by: PAYMENT_BY, patch: { paidAt: now, payOrderId: pay.id } });
  await setSubmissionStatus(tenantFor(tx, renterId), o.submissionId, 1);
  const form = await formById(tenantFor(tx, renterId), o.formId);
  await emit(tx, 'form-order.paid', renterId, {
    orderId: o.id,
    orderNo: o.orderNo,
    formId: o.formId,
    formName: form?.name ?? '',
    amountFen: o.amountFen,
    paidAt: now.toISOString(),
    visitor: o.visitor,
    phone: o.phone,
  });
}
