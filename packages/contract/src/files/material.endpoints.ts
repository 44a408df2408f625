import { z } from 'zod';
import { empty, endpoint, listOf, nothing, menuPermission } from '../core/endpoint';
import * as m from './material.schemas';

/** The 素材库 screen's grant: every /UpFile/Material/ call needs it (uploads only need the enterprise). */
const material = menuPermission('material');
const at = (name: string) => `/UpFile/Material/${name}`;

/** The media library (spec 000 §7.2 Material calls). */
export const materialEndpoints = {
  GetOssConfig: endpoint({
    method: 'POST',
    path: at('GetOssConfig'),
    summary: '存储配置：存储方式、文件地址前缀、大小上限与类型',
    body: empty,
    data: m.ossConfig,
    permission: material.view,
  }),
  GetData: endpoint({
    method: 'POST',
    path: at('GetData'),
    summary: '一个文件的信息',
    body: m.fileIdBody,
    data: m.mediaFile,
    permission: material.view,
  }),
  GetSource: endpoint({
    method: 'POST',
    path: at('GetSource'),
    summary: '素材用量：图片数、视频数、目录数、占用字节',
    body: empty,
    data: m.usageData,
    permission: material.view,
  }),
  GetTree: endpoint({
    method: 'POST',
    path: at('GetTree'),
    summary: '目录树（平铺，parentId 为 0 的在根目录），带各目录的文件数',
    body: empty,
    data: m.treeData,
    permission: material.view,
  }),
  AddDir: endpoint({
    method: 'POST',
    path: at('AddDir'),
    summary: '新建目录（同级不能重名）',
    body: m.addDirBody,
    data: m.dirRow,
    permission: material.edit,
    idempotent: true,
  }),
  RenameDir: endpoint({
    method: 'POST',
    path: at('RenameDir'),
    summary: '重命名目录（同级不能重名）',
    body: m.renameDirBody,
    data: nothing,
    permission: material.edit,
  }),
  DelDir: endpoint({
    method: 'POST',
    path: at('DelDir'),
    summary: '删除目录（目录下有文件或子目录时不能删除）',
    body: m.dirIdBody,
    data: nothing,
    permission: material.delete,
  }),
  GetFilePage: endpoint({
    method: 'POST',
    path: at('GetFilePage'),
    summary: '文件分页：目录、关键字（文件名）、类型、排序（createTime、name、size）',
    body: m.filePageBody,
    data: listOf(m.mediaFile),
    permission: material.view,
  }),
  MoveFiles: endpoint({
    method: 'POST',
    path: at('MoveFiles'),
    summary: '移动文件到目录',
    body: m.moveFilesBody,
    data: nothing,
    permission: material.edit,
  }),
  RenameFile: endpoint({
    method: 'POST',
    path: at('RenameFile'),
    summary: '重命名文件（只改显示名称，地址不变）',
    body: m.renameFileBody,
    data: nothing,
    permission: material.edit,
  }),
  DelFiles: endpoint({
    method: 'POST',
    path: at('DelFiles'),
    summary: '删除文件（连同缩略图）',
    body: m.fileIdsBody,
    data: nothing,
    permission: material.delete,
  }),
  DownToDir: endpoint({
    method: 'POST',
    path: at('DownToDir'),
    summary: '提取网络图片到目录：只取 http(s)，拒绝内网地址，按内容识别，逐个回答结果',
    body: m.downToDirBody,
    data: z.array(m.downResult),
    permission: material.edit,
  }),
  DownQrCode: endpoint({
    method: 'POST',
    path: at('DownQrCode'),
    summary: '下载二维码 PNG（text、size）',
    body: m.downQrCodeBody,
    data: nothing,
    permission: material.view,
    blob: true,
  }),
};
