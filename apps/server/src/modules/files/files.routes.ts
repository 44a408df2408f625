import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '../../core/register';
import * as svc from './files.service';
import { publicUpload } from './visitor-files.service';

export const filesHandlers: Handlers<typeof contract.files> = {
  UpLoad: async (ctx) => withMsg(await svc.uploadImage(ctx), '上传成功'),
  DelFile: async (ctx, b) => withMsg(await svc.deleteFile(ctx, b.id), '删除成功!'),
  GetFileName: (ctx, b) => svc.fileNames(ctx, b.ids),
  FromOrderUpLoad: async (ctx, b) => withMsg(await publicUpload(ctx, b), '上传成功'),
};
