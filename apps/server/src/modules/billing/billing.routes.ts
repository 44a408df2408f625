import type { contract } from '@shop/contract';
import { pageWindow } from '@/core/paging';
import { type Handlers, withMsg } from '@/core/register';
import * as apps from './apps.service';
import * as svc from './billing.service';

export const billingHandlers: Handlers<typeof contract.billing> = {
  RenterBuy: (ctx, b) => svc.buy(ctx, b),
  GetPayOrder: (ctx, b) => svc.payStatus(ctx, b.OrderGUID),
  CancelBuy: async (ctx, b) => withMsg(await svc.cancel(ctx, b.OrderGUID), '已取消购买'),
  GetBuyInfo: (ctx, b) => svc.buyInfo(ctx, b.ProductLineGUID),
  GetBuyList: (ctx, b) => {
    const { offset, limit } = pageWindow(b);
    return svc.buyList(ctx, offset, limit);
  },
  // The sandbox is always a sandbox: in development as much as when production enables it (PAY_SANDBOX_ENABLED=1).
  GetPayEnv: async (ctx) => ({ sandbox: ctx.services.payment.provider.isDev }),
  GetAppList: (ctx) => apps.appList(ctx),
  GetAppDetail: (ctx, b) => apps.appDetail(ctx, b.appid),
};
