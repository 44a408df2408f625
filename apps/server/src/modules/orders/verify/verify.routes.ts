import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import { checkCode, listTakes, staffOptions, takeCode } from './verify.service';

/** 核销工具 and 核销记录 (/Order/Verify/…, README in this folder). */
export const verifyHandlers: Handlers<typeof contract.verify> = {
  Check: (ctx, b) => checkCode(ctx, b.code),
  Take: async (ctx, b) => withMsg(await takeCode(ctx, b.code, b.kind), '核销成功'),
  List: (ctx, b) => listTakes(ctx, b),
  StaffOptions: (ctx, b) => staffOptions(ctx, b.keyword),
};
