import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as svc from './home.service';
import { latestNotices, noticePage, readNotices } from './notice.service';

export const homeHandlers: Handlers<typeof contract.home> = {
  GetPreverInfo: (ctx, b) => svc.previewInfo(ctx, b.url),
  GetNotice: (ctx) => latestNotices(ctx),
  GetNoticePage: (ctx, b) => noticePage(ctx, b),
  ReadNotice: (ctx, b) => readNotices(ctx, b.ids).then(() => null),
  GetUserHead: (ctx) => svc.userHead(ctx),
  GetProfile: (ctx) => svc.getProfile(ctx),
  SaveProfile: async (ctx, b) => withMsg(await svc.saveProfile(ctx, b), '保存成功'),
  GetDashboard: (ctx) => svc.dashboard(ctx),
};
