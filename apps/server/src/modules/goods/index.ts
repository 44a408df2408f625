export { goodsTypeHandlers } from './goods-type/goods-type.routes';
export { goodUnitHandlers } from './good-unit/good-unit.routes';
export { goodsInTypes } from './goods-type/goods-in-types';
export { childPath } from './goods-type/goods-type.tree';
export { goodsHandlers } from './goods/goods.routes';
export { decrementStock } from './goods/goods.stock';
