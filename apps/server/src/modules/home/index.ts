export { homeHandlers } from './home.routes';
