import { z } from 'zod';
import { endpoint, nothing } from '../core/endpoint';
import * as s from './files.schemas';

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
};
