import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as svc from './member-import.service';

export const memberImportHandlers: Handlers<typeof contract.memberImport> = {
  ImportTemplate: () => svc.importTemplate(),
  UpLoadImport: async (ctx) => {
    const v = await svc.upload(ctx);
    return withMsg(v, v.counts.bad ? `共${v.counts.total}行，${v.counts.bad}行有错误` : `共${v.counts.total}行，校验通过`);
  },
  CheckUserPhone: async (ctx, b) => {
    const v = await svc.check(ctx, b.id, b.mapping);
    return withMsg(v, v.counts.bad ? `共${v.counts.total}行，${v.counts.bad}行有错误` : `共${v.counts.total}行，校验通过`);
  },
  GetCheckUserPhone: async (ctx, b) => (await svc.rowsPage(ctx, b)).list,
  ImportData: async (ctx, b) => {
    const r = await svc.confirm(ctx, b);
    return withMsg(r, `正在导入${r.total}位会员`);
  },
  GetImportPage: (ctx, b) => svc.list(ctx, b),
  GetImportDetail: (ctx, b) => svc.detail(ctx, b),
  DelImport: async (ctx, b) => withMsg(await svc.remove(ctx, b.ids).then(() => null), '删除成功'),
};
