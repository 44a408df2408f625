import { contract } from '@contract/index';
import { api, callBlob } from '@/api/client';
import { BackgroundExportButton } from '@/shared/background-export-button';
import type { GoodsOrderExportBody } from './goods-order-filter';

/** 商品订单's 导出 (ExportOrders, ExportInfo, ExportDownload). */
export function GoodsOrderExportButton({ filters, total }: { filters: GoodsOrderExportBody; total: number }) {
  return (
    <BackgroundExportButton
      total={total}
      exporter={{
        start: () => api.goodsOrder.ExportOrders(filters),
        info: (id) => api.goodsOrder.ExportInfo({ id }, { quiet: true }),
        download: (id) => callBlob(contract.goodsOrder.ExportDownload, { id }),
        title: '导出商品订单',
        unit: '个订单',
      }}
    />
  );
}
