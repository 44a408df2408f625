import { z } from 'zod';
import { endpoint, menuPermission, nothing } from '../core/endpoint';
import * as s from './member-import.schemas';

const perm = menuPermission('memberImport');

/** /Client/Customer/: 会员导入 (screens /member/import, /member/addimport, /member/importdetail). */
export const memberImportEndpoints = {
  ImportTemplate: endpoint({
    method: 'POST',
    path: '/Client/Customer/ImportTemplate',
    summary: '下载会员导入模板 .xlsx（含示例行与说明页）',
    body: z.object({}),
    data: nothing,
    permission: perm.view,
    blob: true,
  }),
  UpLoadImport: endpoint({
    method: 'POST',
    path: '/Client/Customer/UpLoadImport',
    summary:
      '上传 .xlsx（multipart，文件字段 file，≤20MB、≤100000行）：逐行读取保存为待确认的导入，按表头猜测列对应并校验每行；回答表头、列对应与统计，不写入会员',
    body: z.object({}),
    data: s.memberImportView,
    permission: perm.edit,
    multipart: true,
    uploadMax: 'video',
  }),
  CheckUserPhone: endpoint({
    method: 'POST',
    path: '/Client/Customer/CheckUserPhone',
    summary: '按新的列对应重新校验导入的每一行（手机号格式、文件内重复、已是会员、生日、性别、等级、标签）；回答统计',
    body: s.memberImportCheckBody,
    data: s.memberImportView,
    permission: perm.edit,
  }),
  GetCheckUserPhone: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetCheckUserPhone',
    summary: '校验结果分页：全部 / 错误行 / 已是会员 / 新会员，每行带错误信息',
    body: s.memberImportRowsBody,
    data: s.memberImportRows,
    permission: perm.view,
  }),
  ImportData: endpoint({
    method: 'POST',
    path: '/Client/Customer/ImportData',
    summary:
      '确认导入：立即回答（状态 4 导入中），会员在后台每 500 行一个事务写入，进度经 memberImportProgress 推送；有错误行时须 onlyValid: true',
    body: s.memberImportDataBody,
    data: s.memberImportStarted,
    permission: perm.edit,
  }),
  GetImportPage: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetImportPage',
    summary: '导入记录分页（文件、时间、状态、数量、操作人）',
    body: s.memberImportListBody,
    data: s.memberImportList,
    permission: perm.view,
  }),
  GetImportDetail: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetImportDetail',
    summary: '一次导入：进度与数量，每行结果分页（全部 / 错误 / 跳过 / 新增 / 更新）',
    body: s.memberImportRowsBody,
    data: s.memberImportDetail,
    permission: perm.view,
  }),
  DelImport: endpoint({
    method: 'POST',
    path: '/Client/Customer/DelImport',
    summary: '删除导入记录（导入中的不能删除；已导入的会员保留）',
    body: s.memberImportIdsBody,
    data: nothing,
    permission: perm.delete,
  }),
};
