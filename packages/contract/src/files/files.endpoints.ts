import { z } from 'zod';
import { endpoint, nothing } from '../core/endpoint';
import * as s from './files.schemas';
import { materialEndpoints } from './material.endpoints';
import * as m from './material.schemas';
import { transferEndpoints } from './transfer.endpoints';

export const filesEndpoints = {
  UpLoad: endpoint({
    method: 'POST',
    path: '/UpFile/UpLoad',
    summary: '上传图片（multipart，文件字段 file；JPG、PNG、GIF、WebP，按内容识别）',
    body: s.upLoadBody,
    data: s.uploadedFile,
    permission: 'renter',
    multipart: true,
  }),
  UpLoadToDir: endpoint({
    method: 'POST',
    path: '/UpFile/UpLoadToDir',
    summary: '上传图片或 MP4 视频到素材库目录（multipart：dirId、文件字段 file；按内容识别，图片生成缩略图）',
    body: m.upLoadToDirBody,
    data: m.mediaFile,
    permission: 'renter',
    multipart: true,
    uploadMax: 'video',
  }),
  UpLoadBase64: endpoint({
    method: 'POST',
    path: '/UpFile/UpLoadBase64',
    summary: '上传 base64 图片（data:image/...;base64,...）到素材库目录',
    body: m.upLoadBase64Body,
    data: m.mediaFile,
    permission: 'renter',
  }),
  UpLoadCert: endpoint({
    method: 'POST',
    path: '/UpFile/UpLoadCert',
    summary: '上传证书（multipart，文件字段 file；PEM 或 P12，按内容识别；私有保存，不提供访问地址）',
    body: s.upLoadBody,
    data: m.uploadedCert,
    permission: 'renter',
    multipart: true,
  }),
  DelFile: endpoint({
    method: 'POST',
    path: '/UpFile/DelFile',
    summary: '删除文件',
    body: s.delFileBody,
    data: nothing,
    permission: 'renter',
  }),
  GetFileName: endpoint({
    method: 'POST',
    path: '/UpFile/GetFileName',
    summary: '按 id 取文件名与地址（不存在的 id 不返回）',
    body: s.fileNamesBody,
    data: z.array(s.fileNameItem),
    permission: 'renter',
  }),
  FromOrderUpLoad: endpoint({
    method: 'POST',
    path: '/Order/FromOrder/UpLoad',
    summary: '表单填写页上传图片（multipart：formId、visitor、文件字段 file）',
    body: s.publicUpLoadBody,
    data: s.uploadedFile,
    permission: 'public',
    multipart: true,
  }),
  ...materialEndpoints,
  ...transferEndpoints,
};
