import { z } from 'zod';
import { customerEndpoint, endpoint, listOf, nothing, menuPermission, KB } from '../core/endpoint';
import * as f from './fill.schemas';
import * as s from './form-orders.schemas';
import { idBody } from './forms.schemas';

const orders = menuPermission('FormOrderList');

export const formOrderEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/Order/FormOrder/list',
    summary: '表单订单列表',
    body: s.formOrderListBody,
    data: listOf(s.formOrderRow),
    permission: orders.view,
  }),
  detail: endpoint({
    method: 'POST',
    path: '/Order/FormOrder/detail',
    summary: '表单订单详情',
    body: idBody,
    data: s.formOrderDetail,
    permission: orders.view,
  }),
  notes: endpoint({
    method: 'POST',
    path: '/Order/FormOrder/notes',
    summary: '卖家备注',
    body: s.notesBody,
    data: nothing,
    permission: orders.edit,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/Order/FormOrder/cancel',
    summary: '取消订单（已支付的原路退款）',
    body: s.cancelBody,
    data: nothing,
    permission: orders.edit,
  }),
  take: endpoint({
    method: 'POST',
    path: '/Order/FormOrder/take',
    summary: '核销订单',
    body: idBody,
    data: nothing,
    permission: orders.edit,
  }),
  verificationCode: endpoint({
    method: 'POST',
    path: '/Order/FormOrder/verificationCode',
    summary: '输入核销码核销',
    body: s.verifyCodeBody,
    data: s.formOrderDetail,
    permission: orders.edit,
  }),
  takelist: endpoint({
    method: 'POST',
    path: '/Order/FormOrder/takelist',
    summary: '核销记录',
    body: s.takeListBody,
    data: listOf(s.takeRow),
    permission: orders.view,
  }),
};

/** The customer's public fill page. */
export const fromOrderEndpoints = {
  GetFromInfo: endpoint({
    method: 'POST',
    path: '/Order/FromOrder/GetFromInfo',
    summary: '填写页：表单信息',
    body: idBody,
    data: f.publicFormInfo,
    permission: 'public',
  }),
  GetSubmitNum: customerEndpoint({
    method: 'POST',
    path: '/Order/FromOrder/GetSubmitNum',
    summary: '填写页：本人已提交次数',
    body: idBody,
    data: z.object({ count: z.number().int(), limit: z.number().int(), left: z.number().int() }),
    actor: 'visitor',
  }),
  Create: customerEndpoint({
    method: 'POST',
    path: '/Order/FromOrder/Create',
    summary: '填写页：提交（付费表单创建订单与支付）',
    body: f.submitBody,
    // A customer's answers: up to 50 fields, text areas of 2000 characters.
    bodyLimit: 256 * KB,
    data: f.submitResult,
    actor: 'visitor',
  }),
  GetSubmitCode: customerEndpoint({
    method: 'POST',
    path: '/Order/FromOrder/GetSubmitCode',
    summary: '填写页：订单状态与核销码',
    body: f.submitCodeBody,
    data: f.submitCode,
    actor: 'visitor',
  }),
};
