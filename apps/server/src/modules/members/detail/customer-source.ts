import { fenText, MEMBER_SOURCE } from '@shop/contract';
import type { Ctx } from '@/core/context';
import type { DeliveredEvent } from '@/core/jobs';
import { type Tenant, tenantFor } from '@/core/tenant';
import { memberEvent } from '@/modules/members/member-events';
import { customerRepo } from './detail.repository';

/** Who touched the shop: the visitor id of the page, and the phone a form gave ('' or null for none). */
export interface CustomerTouch {
  visitorId: string;
  phone: string | null;
}

/**
 * The customer row of a visitor who submitted or paid: the member or customer with the form's phone when there is
 * one (the same person), else the visitor's own customer row (given the phone if it had none), else a new customer
 * (kind 0, source 表单). Races (two events of one visitor at once) meet on the unique keys: the insert does nothing and
 * the row is read again.
 */
async function customerOf(tenant: Tenant, t: CustomerTouch): Promise<string> {
  const phone = t.phone || null;
  if (phone) {
    const byPhone = await customerRepo.byPhone(tenant, phone);
    if (byPhone) return byPhone.id;
  }
  const byVisitor = await customerRepo.byVisitor(tenant, t.visitorId);
  if (byVisitor && (!phone || !byVisitor.phone)) {
    if (phone) await customerRepo.givePhone(tenant, byVisitor.id, phone);
    return byVisitor.id;
  }
  // A visitor who typed another phone than its row's: that phone is another person (a sign-up for a friend).
  const visitorId = byVisitor ? null : t.visitorId;
  const nickname = phone ? `用户${phone.slice(-4)}` : `访客${t.visitorId.slice(-4)}`;
  await customerRepo.insert(tenant, { phone, visitorId, nickname, source: MEMBER_SOURCE.form });
  const row = phone ? await customerRepo.byPhone(tenant, phone) : await customerRepo.byVisitor(tenant, t.visitorId);
  if (!row) throw new Error('customer vanished between insert and read');
  return row.id;
}

/** The visitor becomes a customer (or is found as one), with a line of history. */
async function customerSubmittedForm(tx: Ctx, renterId: string, t: CustomerTouch & { formName: string; subNo: string }) {
  const tenant = tenantFor(tx, renterId);
  const id = await customerOf(tenant, t);
  await memberEvent(tx, tenant, id, 'form', `提交了表单「${t.formName}」`, `提交编号 ${t.subNo}`);
}

/** One more order, its amount and the last purchase on the customer's row (one statement). */
async function customerPaidOrder(
  tx: Ctx,
  renterId: string,
  t: CustomerTouch & { orderNo: string; formName: string; amountFen: number; paidAt: string },
) {
  const tenant = tenantFor(tx, renterId);
  const id = await customerOf(tenant, t);
  await customerRepo.addOrder(tenant, id, t.amountFen, new Date(t.paidAt));
  await memberEvent(tx, tenant, id, 'order', `支付了表单订单 ${t.orderNo}`, `「${t.formName}」¥${fenText(t.amountFen)}`);
}

/** form.submitted by a visitor: they are a customer (members README "Where customers come from"). */
export async function customerOnFormSubmitted(tx: Ctx, e: DeliveredEvent<'form.submitted'>): Promise<void> {
  if (!e.renterId || !e.payload.visitor) return;
  const p = e.payload;
  await customerSubmittedForm(tx, e.renterId, { visitorId: p.visitor, phone: p.phone, formName: p.formName, subNo: p.subNo });
}

/** form-order.paid of a visitor's order: it adds to the customer's figures. */
export async function customerOnFormOrderPaid(tx: Ctx, e: DeliveredEvent<'form-order.paid'>): Promise<void> {
  if (!e.renterId || !e.payload.visitor) return;
  const p = e.payload;
  await customerPaidOrder(tx, e.renterId, {
    visitorId: p.visitor,
    phone: p.phone,
    orderNo: p.orderNo,
    formName: p.formName,
    amountFen: p.amountFen,
    paidAt: p.paidAt,
  });
}
