import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { imageUrl } from '../core/fields';
import { yuanField, yuanOut } from '../core/money';

export { FIELD_KIND, FIELD_KIND_LABELS, type FieldKind } from './field-kinds';

export const formField = z.object({
  /** Stable id of the field inside its form. */
  id: z.string().trim().min(1, '字段缺少标识').max(40),
  label: z.string({ error: '请输入字段名称' }).trim().min(1, '请输入字段名称').max(30, '字段名称不能超过30个字'),
  kind: z.number().int().min(0).max(10, '字段类型不正确'),
  required: z.boolean().default(false),
  placeholder: z.string().trim().max(50, '提示文字不能超过50个字').optional().default(''),
  /** Choices of a radio or checkbox field. */
  options: z
    .array(z.string().trim().min(1, '选项不能为空').max(30, '选项不能超过30个字'))
    .max(30, '选项不能超过30个')
    .optional()
    .default([]),
  /** Decimals allowed in a number field. */
  decimals: z.number().int().min(0).max(4).optional().default(0),
  /** Most images of an image field. */
  maxCount: z.number().int().min(1).max(9).optional().default(1),
});
export type FormField = z.output<typeof formField>;

/** The 报名费用 of a paid form: yuan in, integer fen out (core/money.ts), at most FORM_PRICE_MAX yuan. */
export const FORM_PRICE_MAX = 1_000_000;
const yuan = (label: string) => yuanField(label, { max: FORM_PRICE_MAX });

export const saveFormBody = z.object({
  formID: z.string().uuid().optional(),
  formName: z.string({ error: '请输入表单名称' }).trim().min(1, '请输入表单名称').max(40, '表单名称不能超过40个字'),
  description: z.string().trim().max(2000, '表单说明不能超过2000个字').optional().default(''),
  cover: imageUrl('封面图片').optional().default(''),
  fields: z.array(formField, { error: '请添加表单字段' }).min(1, '请至少添加一个字段').max(50, '字段不能超过50个'),
  /** YYYY-MM-DD HH:mm:ss, empty for no bound. */
  startTime: z.string().trim().optional().default(''),
  endTime: z.string().trim().optional().default(''),
  /** 0 means no limit. */
  totalLimit: z.coerce.number().int('提交总量上限须为整数').min(0, '提交总量上限不能小于0').max(10_000_000).default(0),
  personLimit: z.coerce.number().int('每人提交次数须为整数').min(0, '每人提交次数不能小于0').max(1000).default(0),
  /** 1 paid. */
  needPay: z.union([z.literal(0), z.literal(1)]).default(0),
  /** Yuan. */
  price: yuan('报名费用').default(0),
  /** A paid submission is verified at the shop with a code. */
  needVerify: z.boolean().default(false),
  /** 1 生效. A new form without it starts unpublished (0); an edit without it keeps the form's state. */
  state: z.union([z.literal(0), z.literal(1)]).optional(),
});

export const formDetail = saveFormBody.extend({
  formID: z.string(),
  state: z.union([z.literal(0), z.literal(1)]),
  frno: z.string(),
  applyCount: z.number().int(),
  createTime: z.string(),
  fillUrl: z.string(),
});

export const formRow = z.object({
  formID: z.string(),
  frno: z.string(),
  formName: z.string(),
  needPay: z.number().int(),
  price: yuanOut(),
  state: z.number().int(),
  applyCount: z.number().int(),
  createTime: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  fillUrl: z.string(),
});

export const FORM_SORT_FIELDS = ['frno', 'formName', 'needPay', 'state', 'applyCount', 'createTime'] as const;

export const idsBody = z.object({
  ids: z.array(z.string().uuid('选中的数据不正确'), { error: '请选择数据' }).min(1, '请选择数据').max(200, '一次最多操作200条'),
});
export const upStateBody = idsBody.extend({ status: z.union([z.literal(0), z.literal(1)], { error: '状态不正确' }) });
export const idBody = z.object({ id: z.string({ error: '缺少id' }).uuid('id不正确') });

export const dataListBody = listQuery.extend({
  id: z.string({ error: '缺少表单' }).uuid('表单不正确'),
  stime: z.string().trim().optional().default(''),
  endtime: z.string().trim().optional().default(''),
});

export const submissionRow = z.object({
  id: z.string(),
  subNo: z.string(),
  summary: z.string(),
  phone: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  orderNo: z.string(),
  createTime: z.string(),
});

/** Spec 000 §2.4: a submission's item. */
export const detailItem = z.object({
  lbText: z.string(),
  itemType: z.number().int(),
  formDecimal: z.number().nullable(),
  formText: z.string(),
  startTime: z.string(),
});
