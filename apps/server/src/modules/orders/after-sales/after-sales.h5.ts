import {
  AFTER_SALE_REASONS,
  AFTER_SALE_TYPE as T,
  type contract,
  EXPRESS_COMPANIES,
  fenToYuan,
  GOODS_ORDER_STATUS as S,
} from '@shop/contract';
import { audit } from '@/core/audit';
import { memberUpload } from '@/modules/files';
import type { Ctx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { pageWindow } from '@/core/paging';
import { type Handlers, withMsg } from '@/core/register';
import type { GoodsOrderRow } from '@/modules/orders/goods-orders.tables';
import { goodsOrderRepo } from '@/modules/orders/goods-orders/goods-orders.repository';
import { byOf } from '@/modules/orders/goods-orders/lifecycle';
import { mine } from '@/modules/orders/h5/cart.service';
import {
  applyAfterSale,
  applyRefusal,
  asMissing,
  availableOf,
  buyerCancelAfterSale,
  refundableFen,
  returnShip,
  settingsOf,
} from './after-sale.flow';
import { afterSaleRepo as repo } from './after-sales.repository';
import { afterSaleDetailOf, afterSaleRow } from './after-sales.view';

async function myOrder(ctx: Ctx, id: string): Promise<GoodsOrderRow> {
  const { t, memberId } = mine(ctx);
  const o = await goodsOrderRepo.byId(t, id);
  if (!o || o.memberId !== memberId) throw new BizError('订单不存在', CODE.notFound);
  return o;
}

async function myRequest(ctx: Ctx, id: string) {
  const { t, memberId } = mine(ctx);
  const a = await repo.mine(t, memberId, id);
  if (!a) throw asMissing();
  return a;
}

/** What the apply page shows: each line's units that may be asked for and their refundable amount. */
export async function applyInfo(ctx: Ctx, orderId: string) {
  const { t, renterId } = mine(ctx);
  const o = await myOrder(ctx, orderId);
  const why = applyRefusal(o, (await settingsOf(ctx, renterId)).applyDays);
  if (why) throw new BizError(why);
  const [lines, open, claimed] = await Promise.all([goodsOrderRepo.lines(t, o.id), repo.openLineIds(t, o.id), repo.claimedFen(t, o.id)]);
  return {
    orderId: o.id,
    orderNo: o.orderNo,
    types: o.status === S.toShip ? [T.refund] : [T.refund, T.returnRefund, T.exchange],
    lines: lines.map((l) => {
      const available = Math.max(0, availableOf(o, l));
      return {
        lineId: l.id,
        title: l.title,
        skuText: l.skuText,
        image: l.image,
        price: fenToYuan(l.unitFen),
        qty: l.qty,
        available,
        refundable: fenToYuan(available ? refundableFen(o, lines, [{ lineId: l.id, qty: available }], claimed) : 0),
        open: open.has(l.id),
      };
    }),
    reasons: [...AFTER_SALE_REASONS],
  };
}

/** The order's requests for /h5/Order/Detail: 申请售后 shown while the order may take one. */
export async function orderAfterSales(ctx: Ctx, o: GoodsOrderRow) {
  const { t, renterId } = mine(ctx);
  const rows = await repo.ofOrder(t, o.id);
  const can = !applyRefusal(o, (await settingsOf(ctx, renterId)).applyDays);
  return {
    canApplyAfterSale: can,
    afterSales: rows.map((a) => ({
      id: a.id,
      afterSaleNo: a.afterSaleNo,
      typeText: afterSaleRow(a).typeText,
      status: a.status,
      statusText: afterSaleRow(a).statusText,
    })),
  };
}

export const h5AfterSaleHandlers: Handlers<typeof contract.h5AfterSales> = {
  ApplyInfo: (ctx, b) => applyInfo(ctx, b.orderId),
  UpLoad: async (ctx) => {
    const { renterId, memberId } = mine(ctx);
    return withMsg(await memberUpload(ctx, { renterId, memberId }), '上传成功');
  },
  Apply: async (ctx, b) => {
    const { renterId, memberId } = mine(ctx);
    const a = await applyAfterSale(ctx, renterId, memberId, byOf(ctx), {
      orderId: b.orderId,
      type: b.type,
      items: b.items,
      reason: b.reason,
      amountFen: b.amount,
      description: b.description,
      images: [...new Set(b.images)],
    });
    await audit(ctx, { module: 'orders', action: '买家申请售后', recordId: a.id, after: { afterSaleNo: a.afterSaleNo, type: a.type } });
    return withMsg({ id: a.id }, '申请已提交，请等待商家处理');
  },
  List: async (ctx, b) => {
    const { t, memberId } = mine(ctx);
    const { offset, limit } = pageWindow(b);
    const { rows, total } = await repo.minePage(t, memberId, offset, limit);
    return { rows: rows.map(afterSaleRow), total_count: total };
  },
  Detail: async (ctx, b) => afterSaleDetailOf(ctx, mine(ctx).renterId, await myRequest(ctx, b.id), true),
  Cancel: async (ctx, b) => {
    const a = await myRequest(ctx, b.id);
    await buyerCancelAfterSale(ctx, a.renterId, a, byOf(ctx));
    await audit(ctx, { module: 'orders', action: '买家撤销售后', recordId: a.id, after: { afterSaleNo: a.afterSaleNo } });
    return withMsg(null, '已撤销申请');
  },
  ReturnShip: async (ctx, b) => {
    const a = await myRequest(ctx, b.id);
    const company = EXPRESS_COMPANIES.find((c) => c.code === b.companyCode)?.name ?? b.companyCode;
    await returnShip(ctx, a.renterId, a, byOf(ctx), { company, trackingNo: b.trackingNo });
    await audit(ctx, { module: 'orders', action: '买家填写退货物流', recordId: a.id, after: { company, trackingNo: b.trackingNo } });
    return withMsg(null, '提交成功');
  },
};
