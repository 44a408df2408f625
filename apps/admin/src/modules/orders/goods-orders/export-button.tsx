import { BackgroundExportButton } from '@/shared/background-export-button';
import type { GoodsOrderExportBody } from './goods-order-filter';
import { goodsOrderExporter } from './goods-orders.queries';

/** 商品订单's 导出 (ExportOrders, ExportInfo, ExportDownload). */
export function GoodsOrderExportButton({ filters, total }: { filters: GoodsOrderExportBody; total: number }) {
  return <BackgroundExportButton total={total} exporter={goodsOrderExporter(filters)} />;
}
