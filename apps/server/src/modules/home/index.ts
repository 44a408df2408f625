export { homeHandlers } from './home.routes';
export { notify, type NewNotice } from './notice.service';
