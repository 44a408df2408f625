import { z } from 'zod';
import { empty, type EndpointMap, endpoint, listOf, menuPermission, nothing } from '../core/endpoint';
import * as s from './account.schemas';

const renterinfo = menuPermission('renterinfo');
const operlog = menuPermission('operlog');
const P = '/Sys/Staff/';

/**
 * The account module's calls (/Sys/Staff/): 企业信息, 企业转让 (owner only), 登录信息 and 账号绑定 (every member, their
 * own), 操作日志.
 */
export const accountEndpoints = {
  GetRenterInfo: endpoint({
    method: 'POST',
    path: `${P}GetRenterInfo`,
    summary: '企业信息',
    body: empty,
    data: s.renterInfo,
    permission: renterinfo.view,
  }),
  SetRenterInfo: endpoint({
    method: 'POST',
    path: `${P}SetRenterInfo`,
    summary: '保存企业信息（企业名称即顶栏店铺名）',
    body: s.renterInfoSaveBody,
    data: nothing,
    permission: renterinfo.edit,
  }),
  GetAllArea: endpoint({
    method: 'POST',
    path: `${P}GetAllArea`,
    summary: '省市区（code 为空取省份，按上级逐级加载）',
    body: s.allAreaBody,
    data: z.array(s.allAreaItem),
    permission: 'renter',
  }),
  SendUnAuthVeryCode: endpoint({
    method: 'POST',
    path: `${P}SendUnAuthVeryCode`,
    summary: '企业转让：向所有者本人与接收人手机各发一条验证码',
    body: s.transPhoneBody,
    data: s.transSent,
    permission: 'owner',
  }),
  CheckUnAuthVeryCode: endpoint({
    method: 'POST',
    path: `${P}CheckUnAuthVeryCode`,
    summary: '企业转让：校验一条验证码（kind 1 所有者，2 接收人），不消耗',
    body: s.transCheckBody,
    data: nothing,
    permission: 'owner',
  }),
  GetTransRoles: endpoint({
    method: 'POST',
    path: `${P}GetTransRoles`,
    summary: '企业转让：原所有者可留任的岗位（非超级管理员）',
    body: empty,
    data: z.array(s.transRole),
    permission: 'owner',
  }),
  RenterTrans: endpoint({
    method: 'POST',
    path: `${P}RenterTrans`,
    summary: '企业转让：接收人成为所有者；原所有者留任某岗位或离开；双方在本企业的登录失效',
    body: s.renterTransBody,
    data: nothing,
    permission: 'owner',
  }),
  GetLoginLogList: endpoint({
    method: 'POST',
    path: `${P}GetLoginLogList`,
    summary: '我的登录记录（时间范围、结果，最新在前）',
    body: s.loginLogListBody,
    data: listOf(s.loginLogRow),
    permission: 'renter',
  }),
  GetUserBind: endpoint({
    method: 'POST',
    path: `${P}GetUserBind`,
    summary: '我的账号绑定：手机号（脱敏）与微信',
    body: empty,
    data: s.userBindInfo,
    permission: 'renter',
  }),
  getSmsCode: endpoint({
    method: 'POST',
    path: `${P}getSmsCode`,
    summary: '更换手机号：向新手机号发送验证码（已注册的手机号不可用）',
    body: s.newPhoneBody,
    data: z.object({ cooldown: z.number().int() }),
    permission: 'renter',
  }),
  UpdatePhone: endpoint({
    method: 'POST',
    path: `${P}UpdatePhone`,
    summary: '更换登录手机号',
    body: s.updatePhoneBody,
    data: nothing,
    permission: 'renter',
  }),
  GetOfficial: endpoint({
    method: 'GET',
    path: `${P}GetOfficial`,
    summary: '绑定微信：取扫码绑定的二维码',
    body: empty,
    data: s.officialQr,
    permission: 'renter',
  }),
  UnBindOfficial: endpoint({
    method: 'POST',
    path: `${P}UnBindOfficial`,
    summary: '解除微信绑定',
    body: empty,
    data: nothing,
    permission: 'renter',
  }),
  GetOperlogList: endpoint({
    method: 'POST',
    path: `${P}GetOperlogList`,
    summary: '操作日志（操作人、模块、操作关键字、时间范围；最新在前）',
    body: s.operlogListBody,
    data: listOf(s.operlogRow),
    permission: operlog.view,
  }),
  GetOperlogDetail: endpoint({
    method: 'POST',
    path: `${P}GetOperlogDetail`,
    summary: '操作日志详情：修改前与修改后',
    body: z.object({ id: z.string({ error: '缺少id' }).uuid('id不正确') }),
    data: s.operlogDetail,
    permission: operlog.view,
  }),
  GetOperlogStaff: endpoint({
    method: 'POST',
    path: `${P}GetOperlogStaff`,
    summary: '操作日志的操作人筛选项（本企业员工）',
    body: empty,
    data: z.array(s.operlogStaff),
    permission: operlog.view,
  }),
  ExportOperlog: endpoint({
    method: 'POST',
    path: `${P}ExportOperlog`,
    summary: '按当前筛选导出操作日志 .xlsx',
    body: s.operlogListBody,
    data: nothing,
    permission: operlog.export,
    blob: true,
  }),
} satisfies EndpointMap;
