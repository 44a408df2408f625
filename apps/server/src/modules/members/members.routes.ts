import type { contract } from '@shop/contract';
import { customerShopOf } from '@/core/context';
import { type Handlers, withMsg } from '@/core/register';
import { publicShop } from '@/modules/shop';
import * as svc from './members.service';
import { BizError, CODE } from '@/core/errors';

export const h5Handlers: Handlers<typeof contract.h5> = {
  VisitorIssue: async (ctx) => svc.visitorIssue(ctx),
  SendCode: async (ctx, b) => withMsg(await svc.sendMemberCode(ctx, b.phone), '验证码发送成功'),
  LoginBySms: async (ctx, b) => withMsg(await svc.loginBySms(ctx, b.phone, b.code), '登录成功'),
  LoginByPwd: async (ctx, b) => withMsg(await svc.loginByPassword(ctx, b.phone, b.pwd), '登录成功'),
  SetPwd: async (ctx, b) => withMsg(await svc.setPassword(ctx, b.pwd), '密码设置成功'),
  Logout: async (ctx) => withMsg(await svc.logout(ctx), '已退出登录'),
  GetProfile: (ctx) => svc.getProfile(ctx),
  UpdateProfile: async (ctx, b) => withMsg(await svc.updateProfile(ctx, b), '保存成功'),
  ShopInfo: async (ctx) => {
    const s = await publicShop(ctx.db, customerShopOf(ctx).shopId);
    if (!s) throw new BizError('店铺不存在', CODE.notFound);
    return { shopId: s.shopId, name: s.name, logo: s.logo, servicePhone: s.servicePhone };
  },
};
