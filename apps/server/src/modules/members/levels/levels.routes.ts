import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as centre from './centre.service';
import * as svc from './levels.service';
import * as records from './records.service';
import * as settings from './settings.service';

const OP_MSG = { on: '启用成功', off: '停用成功', delete: '删除成功' } as const;
const onOff = (on: number) => (on === 1 ? '已开启' : '已关闭');

export const levelsHandlers: Handlers<typeof contract.levels> = {
  list: (ctx, q) => svc.list(ctx, q.needpay),
  getlv: (ctx, q) => svc.detail(ctx, q.id),
  update: async (ctx, q) => withMsg(await svc.update(ctx, q.id, q.op), OP_MSG[q.op]),
  getfield: (ctx) => settings.fields(ctx),
  getfieldconfig: async () => settings.fieldCatalogue(),
  getconfig: (ctx) => settings.config(ctx),
  changefree: async (ctx, q) => withMsg(await settings.setSwitch(ctx, 'freeOn', q.on === 1), onOff(q.on)),
  changepay: async (ctx, q) => withMsg(await settings.setSwitch(ctx, 'payOn', q.on === 1), onOff(q.on)),
  changefiled: async (ctx, q) => withMsg(await settings.switchField(ctx, q.key, q.on === 1), onOff(q.on)),
  lvtask: (ctx) => settings.tasks(ctx),
  getlvchklist: (ctx, q) => svc.picks(ctx, q.needpay),
  getlvrenovation: (ctx) => settings.renovation(ctx),
  save: async (ctx, b) => withMsg(await svc.save(ctx, b), '保存成功'),
  savefield: async (ctx, b) => withMsg(await settings.saveFields(ctx, b.fields), '保存成功'),
  savelvtask: async (ctx, b) => withMsg(await settings.saveTasks(ctx, b.tasks), '保存成功'),
  getlvlist: (ctx, b) => svc.page(ctx, b),
  savelvrenovation: async (ctx, b) => withMsg(await settings.saveRenovation(ctx, b), '保存成功'),
  GetRecordList: (ctx, b) => records.grantList(ctx, b),
  GetLvList: (ctx, b) => svc.picks(ctx, b.needpay === -1 ? undefined : b.needpay, false),
  GetAllLvData: (ctx) => svc.allData(ctx),
  GetGroupLosgPage: (ctx, b) => records.growthLog(ctx, b),
};

export const h5CentreHandlers: Handlers<typeof contract.h5Centre> = {
  GetCentre: (ctx) => centre.centre(ctx),
  GetLevels: (ctx) => centre.shopLevels(ctx),
};
