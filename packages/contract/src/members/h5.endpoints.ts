import { z } from 'zod';
import { customerEndpoint, empty, nothing } from '../core/endpoint';
import * as s from './h5.schemas';

/**
 * The customer side (H5 shop, mini-program), DESIGN §9: paths under /h5/, an actor instead of a menu permission. Every
 * call but Visitor/Issue names its shop in the `shop-id` header (module members README "Which renter").
 */
export const h5Endpoints = {
  VisitorIssue: customerEndpoint({
    method: 'POST',
    path: '/h5/Visitor/Issue',
    summary: '访客标识：签发（带有效标识时续期，同一标识）',
    body: empty,
    data: s.visitorIssued,
    actor: 'visitor',
  }),
  SendCode: customerEndpoint({
    method: 'POST',
    path: '/h5/Member/SendCode',
    summary: '会员：发送登录验证码',
    body: s.memberSendCodeBody,
    data: z.object({ cooldown: z.number().int() }),
    actor: 'visitor',
    shop: true,
  }),
  LoginBySms: customerEndpoint({
    method: 'POST',
    path: '/h5/Member/LoginBySms',
    summary: '会员：手机号验证码登录（首次登录即注册）',
    body: s.memberSmsLoginBody,
    data: s.memberLoginData,
    actor: 'visitor',
    shop: true,
  }),
  LoginByPwd: customerEndpoint({
    method: 'POST',
    path: '/h5/Member/LoginByPwd',
    summary: '会员：手机号密码登录（已设置密码的会员）',
    body: s.memberPwdLoginBody,
    data: s.memberLoginData,
    actor: 'visitor',
    shop: true,
  }),
  SetPwd: customerEndpoint({
    method: 'POST',
    path: '/h5/Member/SetPwd',
    summary: '会员：设置登录密码',
    body: s.memberSetPwdBody,
    data: nothing,
    actor: 'member',
    shop: true,
  }),
  Logout: customerEndpoint({
    method: 'POST',
    path: '/h5/Member/Logout',
    summary: '会员：退出登录',
    body: empty,
    data: nothing,
    actor: 'member',
    shop: true,
  }),
  GetProfile: customerEndpoint({
    method: 'POST',
    path: '/h5/Member/GetProfile',
    summary: '会员：我的资料',
    body: empty,
    data: s.memberProfile,
    actor: 'member',
    shop: true,
  }),
  UpdateProfile: customerEndpoint({
    method: 'POST',
    path: '/h5/Member/UpdateProfile',
    summary: '会员：修改昵称、头像',
    body: s.memberProfileBody,
    data: s.memberProfile,
    actor: 'member',
    shop: true,
  }),
  ShopInfo: customerEndpoint({
    method: 'POST',
    path: '/h5/Shop/GetInfo',
    summary: '店铺公开信息：名称、Logo、客服电话',
    body: empty,
    data: s.h5ShopInfo,
    actor: 'visitor',
    shop: true,
  }),
};
