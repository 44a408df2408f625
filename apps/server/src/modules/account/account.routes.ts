import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as log from './login-log.service';
import * as oper from './operlog.service';
import * as info from './renter-info.service';
import * as trans from './renter-trans.service';
import * as bind from './user-bind.service';
import { areaChildren } from '@/modules/login';

export const accountHandlers: Handlers<typeof contract.account> = {
  GetRenterInfo: (ctx) => info.renterInfo(ctx),
  SetRenterInfo: async (ctx, b) => withMsg(await info.saveRenterInfo(ctx, b), '保存成功'),
  GetAllArea: (ctx, b) => areaChildren(ctx, b.code),
  SendUnAuthVeryCode: async (ctx, b) => withMsg(await trans.sendTransCodes(ctx, b.phone), '验证码发送成功'),
  CheckUnAuthVeryCode: async (ctx, b) => withMsg(await trans.checkTransCode(ctx, b.phone, b.kind, b.code), '验证通过'),
  GetTransRoles: (ctx) => trans.transRoles(ctx),
  RenterTrans: async (ctx, b) => withMsg(await trans.transferRenter(ctx, b), '企业转让成功，请重新登录'),
  GetLoginLogList: (ctx, b) => log.loginLogs(ctx, b),
  GetUserBind: (ctx) => bind.bindInfo(ctx),
  getSmsCode: async (ctx, b) => withMsg(await bind.sendNewPhoneCode(ctx, b.phone), '验证码发送成功'),
  UpdatePhone: async (ctx, b) => withMsg(await bind.updatePhone(ctx, b.phone, b.code), '手机号更换成功'),
  GetOfficial: (ctx) => bind.bindQr(ctx),
  UnBindOfficial: async (ctx) => withMsg(await bind.unbindWechat(ctx), '解绑成功'),
  GetOperlogList: (ctx, b) => oper.operlogList(ctx, b),
  GetOperlogDetail: (ctx, b) => oper.operlogDetail(ctx, b.id),
  GetOperlogStaff: (ctx) => oper.operlogStaff(ctx),
  ExportOperlog: (ctx, b) => oper.exportOperlog(ctx, b),
};
