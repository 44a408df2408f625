import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as extras from './goods-extras.service';
import * as svc from './goods.service';
import { setStock } from './goods.stock';
import * as keys from './property-keys.service';

const flagMsg = (on: boolean) => (on ? '开启成功' : '关闭成功');

export const goodsHandlers: Handlers<typeof contract.goods> = {
  getnextgoodsno: (ctx) => svc.nextGoodsNo(ctx),
  save: async (ctx, b) => withMsg(await svc.save(ctx, b), '保存成功'),
  detail: (ctx, b) => svc.detail(ctx, b.id),
  list: (ctx, b) => svc.list(ctx, b),
  updateState: async (ctx, b) => withMsg(await svc.setStatus(ctx, b.ids, b.status), b.status === 1 ? '上架成功' : '下架成功'),
  delete: async (ctx, b) => withMsg(await svc.remove(ctx, b.ids), '删除成功!'),
  editprice: async (ctx, b) => withMsg(await svc.editPrice(ctx, b), '改价成功'),
  editsort: async (ctx, b) => withMsg(await svc.editSort(ctx, b.id, b.sort), '排序成功'),
  BatchEditGoodsStock: async (ctx, b) => withMsg(await setStock(ctx, b.items), '库存修改成功'),
  copy: async (ctx, b) => withMsg(await svc.copy(ctx, b.id), '复制成功'),
  changetype: async (ctx, b) => withMsg(await svc.changeType(ctx, b.ids, b.type), '修改成功'),
  joinvip: async (ctx, b) => withMsg(await extras.setMemberFlag(ctx, 'joinvip', b.ids, b.value), flagMsg(b.value)),
  showvipprice: async (ctx, b) => withMsg(await extras.setMemberFlag(ctx, 'showvipprice', b.ids, b.value), flagMsg(b.value)),
  havevipprice: async (ctx, b) => withMsg(await extras.setMemberFlag(ctx, 'havevipprice', b.ids, b.value), flagMsg(b.value)),
  BatchEditGoodsLogistics: async (ctx, b) => withMsg(await extras.editLogistics(ctx, b), '物流设置已修改'),
  SetStartSale: async (ctx, b) =>
    withMsg(await extras.setStartSale(ctx, b.ids, b.startSaleAt), b.startSaleAt ? '定时开售设置成功' : '已取消定时开售'),
  GetRenterPropertyKeys: (ctx) => keys.all(ctx),
  RenterPropertyKeyList: (ctx, b) => keys.list(ctx, b),
  SaveRenterPropertyKey: async (ctx, b) => withMsg(await keys.save(ctx, b), '保存成功'),
  DeleteRenterPropertyKey: async (ctx, b) => withMsg(await keys.remove(ctx, b.ids), '删除成功!'),
};
