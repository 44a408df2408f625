import { fenToYuan } from '@shop/contract';
import type { Ctx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { fmtTime } from '@/core/time';
import type { Db } from '@/db/client';
import { renterById } from '@/modules/login';
import { type FormRow, formRepo, submissionRepo } from './forms.repository';

export const FORM_GONE = '表单不存在或已失效';

/** Whether a form takes submissions now, and the reason a customer reads when it does not. */
export function openState(f: FormRow | undefined, now = new Date()): { open: boolean; reason: string } {
  if (f?.state !== 1) return { open: false, reason: FORM_GONE };
  if (f.startAt && now < f.startAt) return { open: false, reason: `表单尚未开始，开始时间：${fmtTime(f.startAt)}` };
  if (f.endAt && now > f.endAt) return { open: false, reason: '表单已结束' };
  if (f.totalLimit > 0 && f.applyCount >= f.totalLimit) return { open: false, reason: '提交人数已满' };
  return { open: true, reason: '' };
}

/** The enterprise of a form that takes submissions now, or null (missing or closed): the fill page's uploads ask it. */
export async function openFormOwner(db: Db, formId: string): Promise<{ renterId: string } | null> {
  const f = await formRepo.byIdPublic(db, formId);
  return f && openState(f).open ? { renterId: f.renterId } : null;
}

/** What the public page shows: the form's fields and whether it is open. */
export async function publicFormInfo(ctx: Ctx, id: string) {
  const f = await formRepo.byIdPublic(ctx.db, id);
  if (f?.state !== 1) throw new BizError(FORM_GONE, CODE.notFound);
  const renter = await renterById(ctx.db, f.renterId);
  const state = openState(f);
  return {
    formID: f.id,
    formName: f.name,
    description: f.description,
    cover: f.cover,
    fields: f.fields,
    needPay: f.needPay,
    price: fenToYuan(f.priceFen),
    needVerify: f.needVerify,
    startTime: fmtTime(f.startAt),
    endTime: fmtTime(f.endAt),
    open: state.open,
    reason: state.reason,
    shopName: renter?.name ?? '',
    left: f.totalLimit > 0 ? Math.max(f.totalLimit - f.applyCount, 0) : -1,
  };
}

/** How often this visitor has submitted, and how often they still may. */
export async function visitorSubmitNum(ctx: Ctx, id: string, visitor: string) {
  const f = await formRepo.byIdPublic(ctx.db, id);
  if (!f) throw new BizError(FORM_GONE, CODE.notFound);
  const n = await submissionRepo.countOfVisitor(ctx.db, f.id, visitor);
  return { count: n, limit: f.personLimit, left: f.personLimit > 0 ? Math.max(f.personLimit - n, 0) : -1 };
}
