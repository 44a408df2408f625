export { teamHandlers } from './team.routes';
