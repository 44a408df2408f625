import { FIELD_KIND, type FormField, fenToYuan, type ListQuery, type saveFormBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { nextSequence } from '@/core/sequence';
import { fmtTime, parseTime } from '@/core/time';
import { type FormRow, formRepo } from './forms.repository';
import { pageWindow } from '@/core/paging';
import { tenantOf } from '@/core/tenant';

type SaveInput = z.output<typeof saveFormBody>;

export const fillUrlOf = (id: string) => `/h5/form/${id}`;

export function toRow(f: FormRow) {
  return {
    formID: f.id,
    frno: f.frno,
    formName: f.name,
    needPay: f.needPay,
    price: fenToYuan(f.priceFen),
    state: f.state,
    applyCount: f.applyCount,
    createTime: fmtTime(f.createdAt),
    startTime: fmtTime(f.startAt),
    endTime: fmtTime(f.endAt),
    fillUrl: fillUrlOf(f.id),
  };
}

/** The form list of spec 000 §2.4: keyword, sortable columns, server paging. */
export async function listForms(ctx: Ctx, q: ListQuery) {
  const { renterId } = renterOf(ctx);
  const { rows, total } = await formRepo.page(ctx.db, {
    renterId,
    keyword: q.keyword,
    ...pageWindow(q),
    sorter: q.sorter,
  });
  return { rows: rows.map(toRow), total_count: total };
}

export async function getForm(ctx: Ctx, id: string) {
  const f = await formRepo.byId(tenantOf(ctx), id);
  if (!f) throw new BizError('表单不存在', CODE.notFound);
  return {
    ...toRow(f),
    description: f.description,
    cover: f.cover,
    fields: f.fields,
    totalLimit: f.totalLimit,
    personLimit: f.personLimit,
    needPay: f.needPay as 0 | 1,
    needVerify: f.needVerify,
    state: f.state as 0 | 1,
  };
}

function parseBound(s: string, label: string): Date | null {
  if (!s) return null;
  const d = parseTime(s);
  if (Number.isNaN(d.getTime())) throw new BizError(`${label}格式不正确`, CODE.validation);
  return d;
}

/** The rules a form must meet before it is stored; answers the exact reason. */
function checkFields(fields: FormField[]): FormField[] {
  const ids = new Set<string>();
  const labels = new Set<string>();
  for (const f of fields) {
    if (ids.has(f.id)) throw new BizError(`字段标识重复：${f.id}`, CODE.validation);
    ids.add(f.id);
    if (labels.has(f.label)) throw new BizError(`字段名称重复：${f.label}`, CODE.validation);
    labels.add(f.label);
    const choice = f.kind === FIELD_KIND.radio || f.kind === FIELD_KIND.checkbox;
    if (choice) {
      if (f.options.length < 2) throw new BizError(`字段「${f.label}」至少需要两个选项`, CODE.validation);
      if (new Set(f.options).size !== f.options.length) throw new BizError(`字段「${f.label}」的选项重复`, CODE.validation);
    }
  }
  return fields.map((f) => ({
    ...f,
    options: f.kind === FIELD_KIND.radio || f.kind === FIELD_KIND.checkbox ? f.options : [],
    decimals: f.kind === FIELD_KIND.number ? f.decimals : 0,
    maxCount: f.kind === FIELD_KIND.image ? f.maxCount : 1,
  }));
}

/** Creates or updates a form; answers its id. */
export async function saveForm(ctx: Ctx, input: SaveInput): Promise<{ formID: string }> {
  const { renterId, userId } = renterOf(ctx);
  const fields = checkFields(input.fields);
  const startAt = parseBound(input.startTime, '开始时间');
  const endAt = parseBound(input.endTime, '结束时间');
  if (startAt && endAt && endAt <= startAt) throw new BizError('结束时间必须晚于开始时间', CODE.validation);
  const priceFen = input.needPay === 1 ? input.price : 0;
  if (input.needPay === 1 && priceFen <= 0) throw new BizError('付费表单请设置大于0的报名费用', CODE.validation);
  if (input.personLimit > 0 && input.totalLimit > 0 && input.personLimit > input.totalLimit) {
    throw new BizError('每人提交次数不能大于提交总量上限', CODE.validation);
  }
  const values = {
    name: input.formName,
    description: input.description,
    cover: input.cover,
    fields,
    startAt,
    endAt,
    totalLimit: input.totalLimit,
    personLimit: input.personLimit,
    needPay: input.needPay,
    priceFen,
    needVerify: input.needPay === 1 && input.needVerify,
  };
  return inTx(ctx, async (tx) => {
    if (input.formID) {
      const [before] = await formRepo.lockByIds(tenantOf(tx), [input.formID]);
      if (!before) throw new BizError('表单不存在', CODE.notFound);
      if (before.applyCount > 0 && before.needPay !== input.needPay) {
        throw new BizError('表单已有提交，不能修改是否付费', CODE.validation);
      }
      const edited = { ...values, state: input.state ?? before.state };
      await formRepo.update(tenantOf(tx), input.formID, edited);
      await audit(tx, {
        module: 'forms',
        action: '编辑表单',
        recordId: input.formID,
        before: { ...before, fields: undefined },
        after: { ...edited, fields: undefined },
      });
      return { formID: input.formID };
    }
    const seq = await nextSequence(tenantOf(tx), 'form');
    const frno = `FR${String(seq).padStart(6, '0')}`;
    // A new form starts unpublished unless the merchant switched 生效 on: customers never see a half-made form.
    const fresh = { ...values, state: input.state ?? 0 };
    const created = await formRepo.insert(tx.db, { renterId, frno, createdBy: userId, ...fresh });
    await audit(tx, { module: 'forms', action: '新建表单', recordId: created.id, after: { frno, ...fresh, fields: undefined } });
    return { formID: created.id };
  });
}

/** Deletes forms; a form with submissions is refused (spec 000 §5), also when checked here under a lock. */
export async function deleteForms(ctx: Ctx, ids: string[]) {
  await inTx(ctx, async (tx) => {
    const rows = await formRepo.lockByIds(tenantOf(tx), ids);
    if (rows.length !== new Set(ids).size) throw new BizError('表单不存在', CODE.notFound);
    const used = rows.find((f) => f.applyCount > 0);
    if (used) {
      throw new BizError(ids.length === 1 ? '当前表单已经有提交量，不能删除' : `表单：${used.name}提交量，不能删除`);
    }
    await formRepo.delete(tenantOf(tx), ids);
    await audit(tx, {
      module: 'forms',
      action: '删除表单',
      recordId: ids.join(','),
      before: rows.map((r) => ({ id: r.id, frno: r.frno, name: r.name })),
    });
  });
}

/** Enables (1) or disables (0) forms. */
export async function setFormState(ctx: Ctx, ids: string[], status: 0 | 1) {
  await inTx(ctx, async (tx) => {
    const rows = await formRepo.lockByIds(tenantOf(tx), ids);
    if (rows.length !== new Set(ids).size) throw new BizError('表单不存在', CODE.notFound);
    await formRepo.setState(tenantOf(tx), ids, status);
    await audit(tx, {
      module: 'forms',
      action: status === 1 ? '表单生效' : '表单失效',
      recordId: ids.join(','),
      before: rows.map((r) => ({ id: r.id, state: r.state })),
      after: { state: status },
    });
  });
}
