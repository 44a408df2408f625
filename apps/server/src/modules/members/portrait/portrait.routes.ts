import type { contract } from '@shop/contract';
import type { Handlers } from '@/core/register';
import * as svc from './portrait.service';

export const memberPortraitHandlers: Handlers<typeof contract.memberPortrait> = {
  GetSumCount: (ctx) => svc.sumCount(ctx),
  GetMebCount: (ctx, b) => svc.mebCount(ctx, b),
  GetMebSurvey: (ctx) => svc.mebSurvey(ctx),
  GetMarketCount: (ctx) => svc.marketCount(ctx),
  GetSetMarket: (ctx, b) => svc.setMarket(ctx, b),
  GetRedMeb: (ctx, b) => svc.redMeb(ctx, b),
  GetRedMebDefault: async () => svc.redMebDefault(),
  GetMebSex: (ctx) => svc.mebSex(ctx),
  GetMebBirYear: (ctx) => svc.mebBirYear(ctx),
  GetMebBirMonth: (ctx) => svc.mebBirMonth(ctx),
  GetMebLv: (ctx) => svc.mebLv(ctx),
  GetMebCard: (ctx) => svc.mebCard(ctx),
  GetMebTag: (ctx) => svc.mebTag(ctx),
};
