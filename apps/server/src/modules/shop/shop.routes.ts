import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as addresses from './return-address.service';
import * as payment from './payment-method.service';
import * as settings from './settings.service';
import * as store from './store-info.service';

const SAVED = '保存成功';

export const shopHandlers: Handlers<typeof contract.shop> = {
  GetStoreInfo: (ctx) => store.getStoreInfo(ctx),
  SaveStoreInfo: async (ctx, b) => withMsg(await store.saveStoreInfo(ctx, b), SAVED),
  GetHomeSet: (ctx) => settings.getHomeSet(ctx),
  SaveHomeSet: async (ctx, b) => withMsg(await settings.saveHomeSet(ctx, b), SAVED),
  GetReturnAddressList: (ctx, b) => addresses.list(ctx, b),
  SaveReturnAddress: async (ctx, b) => withMsg(await addresses.save(ctx, b), SAVED),
  DelReturnAddress: async (ctx, b) => withMsg(await addresses.remove(ctx, b.id), '删除成功!'),
  SetDefaultReturnAddress: async (ctx, b) => withMsg(await addresses.setDefault(ctx, b.id), '设置成功'),
  GetPayMethod: (ctx) => payment.getPayMethod(ctx),
  SavePayMethod: async (ctx, b) => withMsg(await payment.savePayMethod(ctx, b), SAVED),
  GetGeneralSet: (ctx) => settings.getGeneralSet(ctx),
  SaveGeneralSet: async (ctx, b) => withMsg(await settings.saveGeneralSet(ctx, b), SAVED),
};
