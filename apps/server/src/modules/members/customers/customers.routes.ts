import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as svc from './customers.service';
import { CUSTOMERS_EXPORT, exportCustomers } from './customers.export';
import { exportDownload, exportInfo } from './export-task';

export const clientQueryHandlers: Handlers<typeof contract.clientQuery> = {
  LookUserInFind: (ctx) => svc.findOptions(ctx),
  GetUserInfoList: (ctx, b) => svc.listClients(ctx, b),
  GetFindTotal: (ctx, b) => svc.countClients(ctx, b),
  GetFindTotalAdJust: (ctx, b) => svc.sumClients(ctx, b),
  GetFindUser: (ctx, b) => svc.findUsers(ctx, b.keyword),
  GetClientGroup: (ctx) => svc.clientGroups(ctx),
  AddToGroup: async (ctx, b) => {
    const r = await svc.addToGroup(ctx, b);
    return withMsg(r, `已加入分组（新加入${r.changed}人）`);
  },
  CreateTgas: async (ctx, b) => withMsg(await svc.tagMembers(ctx, b, true), '打标签成功'),
  DeleteTgs: async (ctx, b) => withMsg(await svc.tagMembers(ctx, b, false), '移除标签成功'),
  CreateVipUser: async (ctx, b) => {
    const r = await svc.createVipUser(ctx, b);
    return withMsg(r, r.converted ? '该客户已转为会员' : '添加会员成功');
  },
  AuditUser: async (ctx, b) => {
    const r = await svc.auditUsers(ctx, b.ids, b.pass);
    return withMsg(r, b.pass ? `已通过${r.changed}个会员` : `已拒绝${r.changed}个会员`);
  },
  ExportUsers: async (ctx, b) => {
    const t = await exportCustomers(ctx, b);
    return withMsg(t, `正在导出${t.total}个客户`);
  },
  ExportInfo: (ctx, b) => exportInfo(ctx, CUSTOMERS_EXPORT, b.id),
  ExportDownload: (ctx, b) => exportDownload(ctx, CUSTOMERS_EXPORT, b.id),
};
