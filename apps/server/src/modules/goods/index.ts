export { goodsTypeHandlers } from './goods-type/goods-type.routes';
export { goodUnitHandlers } from './good-unit/good-unit.routes';
export { childPath } from './goods-type/goods-type.tree';
export { goodsHandlers } from './goods/goods.routes';
export { goodsTransferHandlers } from './goods-transfer/goods-transfer.routes';
export { applyStockMoves, moveStock, STOCK_REASON, type StockMove, type StockOperator } from './goods/stock-moves';
export { skusForOrder, type OrderSku } from './goods/goods.order-skus';
export { pointsGoodsHandlers } from './points-goods/points-goods.routes';
export { goodsActivityHandlers } from './goods-activity/goods-activity.routes';
export { goodsViewsHandlers } from './goods-views/goods-views.routes';
export { goodsSpecHandlers } from './goods-spec/goods-spec.routes';
export { h5GoodsHandlers } from './h5/h5-goods.routes';
export { skuKey } from './goods/goods.matrix';
export { startScheduledSales } from './goods/goods-schedule';
export { goodsImportJob } from './goods-transfer/goods-transfer.runner';
export { goodsTitles } from './goods/goods.names';
export {
  type ActivityPrice,
  type ActivityTake,
  activityOf,
  giveActivityStockBack,
  runningActivityPrices,
  takeActivityStock,
} from './goods-activity/goods-activity.checkout';
