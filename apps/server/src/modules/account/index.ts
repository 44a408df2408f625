export { accountHandlers } from './account.routes';
export { registerAccountRoutes } from './wechat-dev-page';
