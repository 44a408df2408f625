export { homeHandlers } from './home.routes';
export { formOrderPaidNotice, formSubmittedNotice } from './form-notices';
