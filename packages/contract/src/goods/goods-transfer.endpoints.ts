import { z } from 'zod';
import { endpoint, nothing, menuPermission } from '../core/endpoint';
import * as s from './goods-transfer.schemas';

const goodlist = menuPermission('Goodlist');

/** /Goods/Goods/: goods import from .xlsx with a preview, and export of the list (screen /Goodlist). */
export const goodsTransferEndpoints = {
  ExportGoods: endpoint({
    method: 'POST',
    path: '/Goods/Goods/ExportGoods',
    summary: '按列表筛选条件导出商品 .xlsx（每个规格一行，可再导入）',
    body: s.goodsExportBody,
    data: nothing,
    permission: goodlist.export,
    blob: true,
  }),
  ImportTemplate: endpoint({
    method: 'POST',
    path: '/Goods/Goods/ImportTemplate',
    summary: '下载商品导入模板 .xlsx（含示例行与说明页）',
    body: z.object({}),
    data: nothing,
    permission: goodlist.view,
    blob: true,
  }),
  ImportCheck: endpoint({
    method: 'POST',
    path: '/Goods/Goods/ImportCheck',
    summary: '上传 .xlsx 并校验（multipart，文件字段 file）：保存为待确认批次，回答每行及其错误；不写入商品',
    body: z.object({}),
    data: s.goodsImportBatch,
    permission: goodlist.edit,
    multipart: true,
  }),
  ImportDetail: endpoint({
    method: 'POST',
    path: '/Goods/Goods/ImportDetail',
    summary: '一个导入批次：预览、导入进度（状态 4）、结果（状态 2）或失败原因（状态 1 的 error）',
    body: s.goodsImportIdBody,
    data: s.goodsImportBatch,
    permission: goodlist.view,
  }),
  ImportConfirm: endpoint({
    method: 'POST',
    path: '/Goods/Goods/ImportConfirm',
    summary:
      '确认导入：再次校验后立即回答（批次状态 4 导入中），商品在后台一个事务写入，进度经 goodsImportProgress 推送并由 ImportDetail 回答；有错误行时须 onlyValid: true 才只导入正确的商品',
    body: s.goodsImportConfirmBody,
    data: s.goodsImportStarted,
    permission: goodlist.edit,
  }),
  ImportCancel: endpoint({
    method: 'POST',
    path: '/Goods/Goods/ImportCancel',
    summary: '取消一个待确认的导入批次',
    body: s.goodsImportIdBody,
    data: nothing,
    permission: goodlist.edit,
  }),
};
