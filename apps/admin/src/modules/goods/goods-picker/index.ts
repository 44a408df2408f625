export { GoodsPicker, type GoodsPickerProps, type PickedGoods } from './goods-picker';
