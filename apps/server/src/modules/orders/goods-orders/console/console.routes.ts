import { type contract, GOODS_ORDER_CANCEL_REASONS } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import { cancelOrder, editAddress, merchantConfirm, setSellerNote } from './edit.service';
import { goodsOrderDetail, goodsOrderShipInfo, listGoodsOrders } from './list.service';
import { exportDownload, exportInfo } from '@/modules/members';
import { exportGoodsOrders, GOODS_ORDERS_EXPORT } from './export';
import { addLogistics, batchAddLogistics, logisticsRecord } from './ship.service';
import { listTakes, takePreview, verifyPickup } from './take.service';

/** 商品订单 in the console (/Order/GoodsOrder/…); the export runs on members' generic background export. */
export const goodsOrderHandlers: Handlers<typeof contract.goodsOrder> = {
  orderList: (ctx, b) => listGoodsOrders(ctx, b),
  orderDetail: (ctx, b) => goodsOrderDetail(ctx, b.id),
  GetOrderDetail: (ctx, b) => goodsOrderShipInfo(ctx, b.id),
  sellerNotes: async (ctx, b) => withMsg(await setSellerNote(ctx, b.id, b.notes), '备注已保存'),
  EditOrderAddress: async (ctx, b) => withMsg(await editAddress(ctx, b.id, b), '收货地址已修改'),
  GetCancelResion: async () => ({ reasons: [...GOODS_ORDER_CANCEL_REASONS] }),
  CancelOrder: async (ctx, b) => withMsg(await cancelOrder(ctx, b.id, b.reason, b.remark), '订单已取消'),
  AddLogistics: async (ctx, b) => {
    const r = await addLogistics(ctx, b.id, b.parcels);
    return withMsg(r, r.shipped ? '发货成功' : '部分发货成功');
  },
  BatchAddLogistics: async (ctx, b) => {
    const r = await batchAddLogistics(ctx, b.rows);
    return withMsg(r, `发货成功${r.okCount}个，失败${r.failCount}个`);
  },
  GetLogisticsRecord: (ctx, b) => logisticsRecord(ctx, b.id),
  Confirmreceipt: async (ctx, b) => withMsg(await merchantConfirm(ctx, b.id), '已确认收货'),
  takeOrder: (ctx, b) => takePreview(ctx, b.code),
  verificationCode: async (ctx, b) => withMsg(await verifyPickup(ctx, b.code), '核销成功'),
  takeList: (ctx, b) => listTakes(ctx, b),
  ExportOrders: async (ctx, b) => {
    const task = await exportGoodsOrders(ctx, b);
    return withMsg(task, `正在导出${task.total}个订单`);
  },
  ExportInfo: (ctx, b) => exportInfo(ctx, GOODS_ORDERS_EXPORT, b.id),
  ExportDownload: (ctx, b) => exportDownload(ctx, GOODS_ORDERS_EXPORT, b.id),
};
