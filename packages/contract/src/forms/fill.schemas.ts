import { z } from 'zod';
import { yuanOut } from '../core/money';
import { formField } from './forms.schemas';

export const publicFormInfo = z.object({
  formID: z.string(),
  formName: z.string(),
  description: z.string(),
  cover: z.string(),
  fields: z.array(formField),
  needPay: z.number().int(),
  price: yuanOut(),
  needVerify: z.boolean(),
  startTime: z.string(),
  endTime: z.string(),
  open: z.boolean(),
  reason: z.string(),
  shopName: z.string(),
  /** Places left; -1 no limit. */
  left: z.number().int(),
});

export const submitBody = z.object({
  id: z.string({ error: '缺少表单' }).uuid('表单不存在或已失效'),
  answers: z.record(z.string(), z.unknown(), { error: '请填写表单' }),
});

export const submitResult = z.object({
  submissionId: z.string(),
  subNo: z.string(),
  needPay: z.number().int(),
  orderId: z.string(),
  orderNo: z.string(),
  qr_code: z.string(),
  total: yuanOut(),
});

export const submitCodeBody = z.object({ orderId: z.string({ error: '缺少订单' }).uuid('订单不正确') });
export const submitCode = z.object({
  orderNo: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  needVerify: z.boolean(),
  code: z.string(),
  amount: yuanOut(),
  qr_code: z.string(),
});
