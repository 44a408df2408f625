import { homeEndpoints } from './home/home.endpoints';
import { loginEndpoints } from './login/login.endpoints';
import { staffEndpoints } from './staff/staff.endpoints';

export * from './core/endpoint';
export * from './core/fields';
export * from './core/menu';
export * from './core/money';
export * from './home/home.schemas';
export * from './login/login.schemas';
export * from './staff/staff.schemas';

/** Every endpoint, by module. The server must handle each; the console's client is typed by it. */
export const contract = {
  login: loginEndpoints,
  home: homeEndpoints,
  staff: staffEndpoints,
};
export type Contract = typeof contract;
