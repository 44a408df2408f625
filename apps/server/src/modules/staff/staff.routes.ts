import type { contract } from '@shop/contract';
import type { Handlers } from '@/core/register';
import * as svc from './staff.service';

export const staffHandlers: Handlers<typeof contract.staff> = {
  GetUserInfo: (ctx) => svc.userInfo(ctx),
  GetJobMenu: (ctx) => svc.jobMenu(ctx),
};
