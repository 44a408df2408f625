import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as catalogue from './catalogue.service';
import * as svc from './login.service';
import type { Enterprises } from './enterprises';
import { sendCode, verifyCode } from './sms-code.service';

/** The login calls; those that choose or open an enterprise use `ent` (enterprises.ts: app.ts gives team's). */
export const loginHandlers = (ent: Enterprises): Handlers<typeof contract.login> => ({
  LoginByPwd: (ctx, b) => svc.loginByPassword(ctx, ent, b.phone, b.pwd),
  UserLogin: (ctx, b) => svc.loginByPassword(ctx, ent, b.phone, b.pwd),
  smsLogin: (ctx, b) => svc.loginBySms(ctx, ent, b.phone, b.code),
  getSmsCode: async (ctx, b) => withMsg(await sendCode(ctx, b.phone, b.type), '验证码发送成功'),
  chkCode: async (ctx, b) => withMsg(await verifyCode(ctx, b.phone, b.type, b.code, false), '验证码正确'),
  RegUser: async (ctx, b) => withMsg(await svc.registerUser(ctx, ent, b.phone, b.code, b.pwd), '注册成功'),
  RestPwd: async (ctx, b) => withMsg(await svc.resetPassword(ctx, b.phone, b.code, b.pwd), '密码重置成功!'),
  RegistCustomer: async (ctx, b) => withMsg(await svc.createEnterprise(ctx, ent, b), '企业创建成功'),
  GetUserCustomesr: (ctx) => svc.myEnterprises(ctx, ent),
  getUserCustomers: (ctx) => svc.myEnterprises(ctx, ent),
  SetUserCustomesr: (ctx, b) => svc.switchEnterprise(ctx, ent, b.id),
  GetCustomer: (ctx) => svc.currentVersion(ctx),
  Logout: async (ctx) => withMsg(await svc.logout(ctx), '已退出登录'),
  GetSetInfo: (ctx) => svc.setInfo(ctx),
  GetProduct: (ctx) => catalogue.productList(ctx),
  GetArea: (ctx, b) => catalogue.areaChildren(ctx, b.code),
  GetIndustry: (ctx) => catalogue.industryList(ctx),
  GetAgreementList: (ctx) => catalogue.agreementList(ctx),
  UpdatePwd: async (ctx, b) => withMsg(await svc.changePassword(ctx, b.oldpwd, b.newpwd), '密码修改成功!'),
});
