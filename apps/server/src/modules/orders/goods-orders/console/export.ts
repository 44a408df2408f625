import { fenText, type GoodsOrderFilter, goodsOrderFilter } from '@shop/contract';
import type { Ctx } from '@/core/context';
import { BizError } from '@/core/errors';
import { type Tenant, tenantOf } from '@/core/tenant';
import { fmtDay } from '@/core/time';
import { type ExportKind, startExport } from '@/modules/members';
import { consoleRepo } from './list.repository';
import { filterWhere, linesByOrder } from './list.service';
import { orderRow } from './view';

export const GOODS_ORDERS_EXPORT = 'goods-orders';
/** At most this many orders in one file. */
export const GOODS_ORDER_EXPORT_MAX = 200_000;
/** Orders per keyset page of the file (the members' export pages as many). */
const PAGE = 1000;

const COLUMNS = [
  { header: '订单编号', key: 'orderNo', width: 22 },
  { header: '订单状态', key: 'statusText', width: 10 },
  { header: '商品', key: 'goods', width: 40 },
  { header: '件数', key: 'totalQty', width: 8 },
  { header: '买家手机号', key: 'memberPhone', width: 14 },
  { header: '配送方式', key: 'deliveryText', width: 10 },
  { header: '收货人', key: 'consignee', width: 10 },
  { header: '收货人手机号', key: 'consigneePhone', width: 14 },
  { header: '收货地址', key: 'addressText', width: 40 },
  { header: '商品金额(元)', key: 'goodsAmount', width: 12 },
  { header: '优惠(元)', key: 'discountAmount', width: 10 },
  { header: '运费(元)', key: 'freightAmount', width: 10 },
  { header: '应付金额(元)', key: 'payAmount', width: 12 },
  { header: '实付金额(元)', key: 'paidAmount', width: 12 },
  { header: '已退款(元)', key: 'refundedAmount', width: 12 },
  { header: '支付方式', key: 'payMethodText', width: 10 },
  { header: '买家留言', key: 'buyerNote', width: 20 },
  { header: '卖家备注', key: 'sellerNote', width: 20 },
  { header: '下单时间', key: 'createTime', width: 20 },
  { header: '付款时间', key: 'payTime', width: 20 },
  { header: '发货时间', key: 'shippedTime', width: 20 },
  { header: '完成时间', key: 'completedTime', width: 20 },
];

async function* pages(t: Tenant, params: Record<string, unknown>) {
  const where = await filterWhere(t, goodsOrderFilter.parse(params));
  let after: { at: Date; id: string } | null = null;
  let left = GOODS_ORDER_EXPORT_MAX;
  while (left > 0) {
    const rows = await consoleRepo.batchAfter(t, where, after, Math.min(PAGE, left));
    if (!rows.length) return;
    const lines = await linesByOrder(
      t,
      rows.map((o) => o.id),
    );
    yield rows.map((o) => {
      const ls = lines.get(o.id) ?? [];
      const r = orderRow(o, ls);
      return {
        ...r,
        lines: '',
        afterSaleOpen: r.afterSaleOpen ? '是' : '否',
        goods: ls.map((l) => `${l.title}${l.skuText ? `（${l.skuText}）` : ''} ×${l.qty}`).join('；'),
        consigneePhone: o.address?.phone ?? '',
        addressText: o.address ? `${o.address.areaText} ${o.address.address}`.trim() : '',
        goodsAmount: fenText(o.goodsFen),
        discountAmount: fenText(o.discountFen),
        freightAmount: fenText(o.freightFen),
        payAmount: fenText(o.payFen),
        paidAmount: fenText(o.paidFen),
        refundedAmount: fenText(o.refundedFen),
      };
    });
    const last = rows[rows.length - 1];
    after = { at: last.createdAt, id: last.id };
    left -= rows.length;
    if (rows.length < PAGE) return;
  }
}

/** The export kind of the order list (kind `goods-orders`), on members' generic background export. */
export const goodsOrdersExportKind: ExportKind = { sheet: '商品订单', columns: COLUMNS, pages };

/** ExportOrders: counts the filter (refusing an empty one and more than the max) and starts the background export. */
export async function exportGoodsOrders(ctx: Ctx, f: GoodsOrderFilter) {
  const t = tenantOf(ctx);
  const total = await consoleRepo.count(t, await filterWhere(t, f));
  if (total === 0) throw new BizError('没有符合条件的订单可导出');
  if (total > GOODS_ORDER_EXPORT_MAX) throw new BizError(`一次最多导出${GOODS_ORDER_EXPORT_MAX}个订单，请缩小筛选范围`);
  const stamp = fmtDay(new Date()).replaceAll('-', '');
  return startExport(ctx, GOODS_ORDERS_EXPORT, f as unknown as Record<string, unknown>, total, `商品订单-${stamp}.xlsx`);
}
