export { shopHandlers } from './shop.routes';
