import { z } from 'zod';
import { anyGrant, customerEndpoint, endpoint, menuPermission, nothing } from '../core/endpoint';
import * as s from './files.schemas';
import { materialEndpoints } from './material.endpoints';
import * as m from './material.schemas';
import { transferEndpoints } from './transfer.endpoints';

const material = menuPermission('material');
/**
 * The screens with image fields (MediaPicker, ImageUpload): editing one of them, or the 素材库 itself, lets a role
 * upload images; reading file names needs a look at one of them (modules/files/README.md, "Who may call what").
 */
export const IMAGE_SCREENS = ['Goodlist', 'AGood', 'Catelist', 'form', 'renterinfo', 'storeInformation', 'currency'] as const;
const screens = IMAGE_SCREENS.map((key) => menuPermission(key));
const imageUpload = anyGrant(material.edit, ...screens.map((x) => x.edit));
const imageRead = anyGrant(material.view, ...screens.map((x) => x.view));

export const filesEndpoints = {
  UpLoad: endpoint({
    method: 'POST',
    path: '/UpFile/UpLoad',
    summary: '上传图片（multipart，文件字段 file；JPG、PNG、GIF、WebP，按内容识别）',
    body: s.upLoadBody,
    data: s.uploadedFile,
    permission: imageUpload,
    multipart: true,
  }),
  UpLoadToDir: endpoint({
    method: 'POST',
    path: '/UpFile/UpLoadToDir',
    summary: '上传图片或 MP4 视频到素材库目录（multipart：dirId、文件字段 file；按内容识别，图片生成缩略图）',
    body: m.upLoadToDirBody,
    data: m.mediaFile,
    permission: imageUpload,
    multipart: true,
    uploadMax: 'video',
  }),
  UpLoadBase64: endpoint({
    method: 'POST',
    path: '/UpFile/UpLoadBase64',
    summary: '上传 base64 图片（data:image/...;base64,...）到素材库目录',
    body: m.upLoadBase64Body,
    data: m.mediaFile,
    permission: imageUpload,
    bodyLimit: 'upload',
  }),
  UpLoadCert: endpoint({
    method: 'POST',
    path: '/UpFile/UpLoadCert',
    summary: '上传证书（multipart，文件字段 file；PEM 或 P12，按内容识别；私有保存，不提供访问地址）',
    body: s.upLoadBody,
    data: m.uploadedCert,
    permission: menuPermission('paymentMethod').edit,
    multipart: true,
  }),
  DelFile: endpoint({
    method: 'POST',
    path: '/UpFile/DelFile',
    summary: '删除文件',
    body: s.delFileBody,
    data: nothing,
    permission: material.delete,
  }),
  GetFileName: endpoint({
    method: 'POST',
    path: '/UpFile/GetFileName',
    summary: '按 id 取文件名与地址（不存在的 id 不返回）',
    body: s.fileNamesBody,
    data: z.array(s.fileNameItem),
    permission: imageRead,
  }),
  FromOrderUpLoad: customerEndpoint({
    method: 'POST',
    path: '/Order/FromOrder/UpLoad',
    summary: '表单填写页上传图片（multipart：formId、文件字段 file；访客标识在 visitor 请求头）',
    body: s.publicUpLoadBody,
    data: s.uploadedFile,
    actor: 'visitor',
    multipart: true,
  }),
  ...materialEndpoints,
  ...transferEndpoints,
};
