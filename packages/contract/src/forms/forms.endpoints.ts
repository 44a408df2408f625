import { z } from 'zod';
import { endpoint, listOf, listQuery, nothing, menuPermission, KB } from '../core/endpoint';
import * as s from './forms.schemas';

const form = menuPermission('form');
const formData = menuPermission('formdata');

export const formsEndpoints = {
  GetFromList: endpoint({
    method: 'POST',
    path: '/FromRep/FormReposi/GetFromList',
    summary: '表单列表',
    body: listQuery,
    data: listOf(s.formRow),
    permission: form.view,
  }),
  GetFrom: endpoint({
    method: 'POST',
    path: '/FromRep/FormReposi/GetFrom',
    summary: '表单详情（设计器加载）',
    body: s.idBody,
    data: s.formDetail,
    permission: form.view,
  }),
  SaveFrom: endpoint({
    method: 'POST',
    path: '/FromRep/FormReposi/SaveFrom',
    summary: '新建或保存表单，回答 formID',
    body: s.saveFormBody,
    // The designer: up to 50 fields with 30 options each.
    bodyLimit: 256 * KB,
    data: z.object({ formID: z.string() }),
    permission: form.edit,
    idempotent: true,
  }),
  DelFrom: endpoint({
    method: 'POST',
    path: '/FromRep/FormReposi/DelFrom',
    summary: '删除表单（有提交量的不能删除）',
    body: s.idsBody,
    data: nothing,
    permission: form.delete,
  }),
  UpStateFrom: endpoint({
    method: 'POST',
    path: '/FromRep/FormReposi/UpStateFrom',
    summary: '表单生效 / 失效（status 1 / 0）',
    body: s.upStateBody,
    data: nothing,
    permission: form.edit,
  }),
  GetFromDataList: endpoint({
    method: 'POST',
    path: '/FromRep/FormReport/GetFromDataList',
    summary: '表单提交数据',
    body: s.dataListBody,
    data: listOf(s.submissionRow),
    permission: formData.view,
  }),
  GetFromDateDetailsList: endpoint({
    method: 'POST',
    path: '/FromRep/FormReport/GetFromDateDetailsList',
    summary: '一条提交的明细（表单详情）',
    body: s.idBody,
    data: z.array(s.detailItem),
    permission: formData.view,
  }),
  ExportFromData: endpoint({
    method: 'POST',
    path: '/FromRep/FormReport/ExportFromData',
    summary: '导出提交数据 .xlsx',
    body: s.dataListBody.omit({ page_index: true, page_size: true, sorter: true }),
    data: nothing,
    permission: formData.export,
    blob: true,
  }),
};
