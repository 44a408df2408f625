import type { contract } from '@shop/contract';
import { pageWindow } from '@/core/paging';
import { type Handlers, withMsg } from '@/core/register';
import * as express from './express.service';
import * as freight from './freight.service';
import * as pick from './pickup.service';
import * as settings from './settings.service';

const STATE_MSG = (s: number) => (s === 1 ? '启用成功' : '停用成功');

export const deliveryHandlers: Handlers<typeof contract.delivery> = {
  GetExpressData: (ctx) => settings.getSettings(ctx),
  EditExpressState: async (ctx, b) => withMsg(await settings.setMethod(ctx, b), b.state === 1 ? '开启成功' : '关闭成功'),
  SaveLocalSet: async (ctx, b) => withMsg(await settings.saveLocal(ctx, b), '保存成功'),
  GetExpressTypes: async () => settings.expressTypes(),
  PickList: (ctx, b) => pick.list(ctx, b),
  GetPick: (ctx, b) => pick.detail(ctx, b.id),
  SavePick: async (ctx, b) => withMsg(await pick.save(ctx, b), '保存成功'),
  EditPickState: async (ctx, b) => withMsg(await pick.setStatus(ctx, b.id, b.status), STATE_MSG(b.status)),
  DelPick: async (ctx, b) => withMsg(await pick.remove(ctx, b.id), '删除成功!'),
  PickStaffOptions: (ctx, b) => pick.staffOptions(ctx, b.keyword),
  LogisticsPage: (ctx, b) => freight.list(ctx, b),
  GetLogistics: (ctx, b) => freight.detail(ctx, b.id),
  SaveLogistics: async (ctx, b) => withMsg(await freight.save(ctx, b), '保存成功'),
  EditlogisticsState: async (ctx, b) => withMsg(await freight.setStatus(ctx, b.id, b.status), STATE_MSG(b.status)),
  DelLogistics: async (ctx, b) => withMsg(await freight.remove(ctx, b.id), '删除成功!'),
  LogisticsOptions: (ctx) => freight.options(ctx),
  PackageList: (ctx) => express.packages(ctx),
  BuyPage: (ctx, b) => {
    const { offset, limit } = pageWindow(b);
    return express.buyPage(ctx, b.status, offset, limit);
  },
  Charge: (ctx, b) => express.charge(ctx, b.packageId),
  ChargeResult: (ctx, b) => express.chargeResult(ctx, b.id),
  GetQrCode: (ctx, b) => express.qrCode(ctx, b.id),
  DelBuyCode: async (ctx, b) => withMsg(await express.closeBuy(ctx, b.id), '已关闭'),
};

/** The customer side (contract h5Delivery): the shop's enabled pick-up points, for the checkout. */
export const h5DeliveryHandlers: Handlers<typeof contract.h5Delivery> = {
  PickupPoints: (ctx) => pick.enabledPoints(ctx),
};
