import type { contract } from '@shop/contract';
import { visitorIdOf } from '@/core/context';
import { type Handlers, withMsg } from '@/core/register';
import { downToDir } from './down-to-dir.service';
import * as svc from './files.service';
import * as lib from './material.service';
import { uploadBase64, uploadCert, uploadToDir } from './media-upload.service';
import * as transfer from './transfer.service';
import { type PublicUploadGuard, publicUpload } from './visitor-files.service';

/**
 * The files calls. The fill page's upload (FromOrderUpLoad) takes only forms open now, as `openForm` says (forms
 * `openFormOwner`, handed by the app's routes).
 */
export const filesHandlers = (openForm: PublicUploadGuard): Handlers<typeof contract.files> => ({
  UpLoad: async (ctx) => withMsg(await svc.uploadImage(ctx), '上传成功'),
  UpLoadToDir: async (ctx, b) => withMsg(await uploadToDir(ctx, b), '上传成功'),
  UpLoadBase64: async (ctx, b) => withMsg(await uploadBase64(ctx, b), '上传成功'),
  UpLoadCert: async (ctx) => withMsg(await uploadCert(ctx), '上传成功'),
  DelFile: async (ctx, b) => withMsg(await svc.deleteFile(ctx, b.id), '删除成功!'),
  GetFileName: (ctx, b) => svc.fileNames(ctx, b.ids),
  FromOrderUpLoad: async (ctx, b) =>
    withMsg(await publicUpload(ctx, { formId: b.formId, visitor: visitorIdOf(ctx) }, openForm), '上传成功'),
  GetOssConfig: async (ctx) => lib.ossConfig(ctx),
  GetData: (ctx, b) => lib.fileData(ctx, b.id),
  GetSource: (ctx) => lib.usage(ctx),
  GetTree: (ctx) => lib.tree(ctx),
  AddDir: async (ctx, b) => withMsg(await lib.addDir(ctx, b), '新建成功'),
  RenameDir: async (ctx, b) => withMsg(await lib.renameDir(ctx, b), '重命名成功'),
  DelDir: async (ctx, b) => withMsg(await lib.delDir(ctx, b.id), '删除成功!'),
  GetFilePage: (ctx, b) => lib.filePage(ctx, b),
  MoveFiles: async (ctx, b) => withMsg(await lib.moveFiles(ctx, b), '移动成功'),
  RenameFile: async (ctx, b) => withMsg(await lib.renameFile(ctx, b), '重命名成功'),
  DelFiles: async (ctx, b) => withMsg(await lib.delFiles(ctx, b.ids), '删除成功!'),
  DownToDir: async (ctx, b) => {
    const results = await downToDir(ctx, b);
    const ok = results.filter((r) => r.ok).length;
    return withMsg(results, `提取成功${ok}张，失败${results.length - ok}张`);
  },
  DownQrCode: (ctx, b) => lib.qrCode(ctx, b),
  TransferCreate: async (ctx, b) => {
    const r = await transfer.createTransfer(ctx, b);
    return withMsg(r, `已开始转存，共${r.total}张${r.duplicates ? `（重复的${r.duplicates}条只转存一次）` : ''}`);
  },
  TransferDetail: (ctx, b) => transfer.transferDetail(ctx, b.id),
  TransferItems: (ctx, b) => transfer.transferItems(ctx, b),
  TransferList: (ctx, b) => transfer.transferList(ctx, b),
  TransferRetry: async (ctx, b) => {
    const r = await transfer.retryTransfer(ctx, b.id);
    return withMsg(r, `已重新转存失败的${r.total}张`);
  },
});
