export { shopHandlers } from './shop.routes';
export { publicShop, type PublicShop } from './public-shop.service';
export { orderRulesOf } from './order-rules';
export { returnAddressesOf } from './return-address.service';
export { createShop, firstShopId, shopById, type ShopRow, shopsOf } from './shops.service';
