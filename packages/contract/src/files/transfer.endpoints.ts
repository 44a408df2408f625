import { endpoint, listOf, menuPermission, KB } from '../core/endpoint';
import * as t from './transfer.schemas';

/** The 批量图片转存 screen's grant. */
const tool = menuPermission('BatchTransferTool');
const at = (name: string) => `/UpFile/${name}`;

/** 批量图片转存 (/BatchTransferTool): external image addresses fetched into the media library in the background. */
export const transferEndpoints = {
  TransferCreate: endpoint({
    method: 'POST',
    path: at('TransferCreate'),
    summary: '新建批量图片转存任务（后台逐个下载到素材库目录，重复地址只转存一次）',
    body: t.transferCreateBody,
    // Up to 2000 lines of addresses.
    bodyLimit: 1024 * KB,
    data: t.transferCreated,
    permission: tool.edit,
    idempotent: true,
  }),
  TransferDetail: endpoint({
    method: 'POST',
    path: at('TransferDetail'),
    summary: '转存任务的状态与进度（成功、失败、共计）',
    body: t.transferIdBody,
    data: t.transferTask,
    permission: tool.view,
  }),
  TransferItems: endpoint({
    method: 'POST',
    path: at('TransferItems'),
    summary: '转存任务的逐条结果（按行顺序，可按状态筛选）',
    body: t.transferItemsBody,
    data: listOf(t.transferItem),
    permission: tool.view,
  }),
  TransferList: endpoint({
    method: 'POST',
    path: at('TransferList'),
    summary: '最近的转存任务（新的在前）',
    body: t.transferListBody,
    data: listOf(t.transferTask),
    permission: tool.view,
  }),
  TransferRetry: endpoint({
    method: 'POST',
    path: at('TransferRetry'),
    summary: '重新转存任务中失败的图片',
    body: t.transferIdBody,
    data: t.transferCreated,
    permission: tool.edit,
  }),
};
