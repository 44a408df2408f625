import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as address from './address.service';
import * as cart from './cart.service';
import * as checkout from './checkout.service';
import * as orders from './my-orders.service';

/** The customer side of goods orders (contract h5Orders): thin, each a service call. */
export const h5OrdersHandlers: Handlers<typeof contract.h5Orders> = {
  CartList: (ctx) => cart.list(ctx),
  CartAdd: async (ctx, b) => {
    const { data, msg } = await cart.add(ctx, b.skuId, b.qty);
    return withMsg({ ...data, count: await cart.count(ctx) }, msg);
  },
  CartSetQty: async (ctx, b) => withMsg(await cart.setQty(ctx, b.id, b.qty), '修改成功'),
  CartRemove: async (ctx, b) => withMsg(await cart.remove(ctx, b.ids), '删除成功'),
  CartCount: (ctx) => cart.count(ctx),
  AddressList: (ctx) => address.list(ctx),
  AddressSave: async (ctx, b) => withMsg(await address.save(ctx, b), '保存成功'),
  AddressDelete: async (ctx, b) => withMsg(await address.remove(ctx, b.id), '删除成功'),
  AddressSetDefault: async (ctx, b) => withMsg(await address.setDefault(ctx, b.id), '设置成功'),
  OrderPreview: (ctx, b) => checkout.preview(ctx, b),
  OrderSubmit: async (ctx, b) => withMsg(await checkout.submit(ctx, b), '下单成功'),
  OrderList: (ctx, b) => orders.list(ctx, b),
  OrderDetail: (ctx, b) => orders.detail(ctx, b.id),
  OrderCancel: async (ctx, b) => withMsg(await orders.cancel(ctx, b.id), '订单已取消'),
  OrderPay: (ctx, b) => orders.pay(ctx, b.id),
  OrderConfirm: async (ctx, b) => withMsg(await orders.confirm(ctx, b.id), '已确认收货'),
  OrderPickupCode: (ctx, b) => orders.pickupCode(ctx, b.id),
};
