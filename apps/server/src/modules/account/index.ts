export { accountHandlers } from './account.routes';
