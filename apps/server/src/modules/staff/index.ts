export { staffHandlers } from './staff.routes';
export { buildMenu } from './menu';
