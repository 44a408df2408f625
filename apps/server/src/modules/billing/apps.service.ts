import { appsWithScreens, fenToYuan, MENU } from '@shop/contract';
import type { Ctx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { fmtTime } from '@/core/time';
import { type AppRow, appRepo, type RenterAppRow } from './billing.repository';
import type { Tenant } from '@/core/tenant';
import { tenantOf } from '@/core/tenant';

/** Whether the app's screens exist (an entry of the menu catalogue names it): only those are sold. */
export function appOnSale(appId: string): boolean {
  return appsWithScreens(MENU).has(appId);
}

function card(app: AppRow, mine: RenterAppRow | undefined) {
  const buyout = mine?.mdornf === 1;
  const live = buyout || Boolean(mine?.serviceEndAt && mine.serviceEndAt.getTime() > Date.now());
  return {
    appid: app.id,
    name: app.name,
    intro: app.intro,
    icon: app.icon,
    annualPrice: fenToYuan(app.annualPriceFen),
    buyoutPrice: fenToYuan(app.buyoutPriceFen),
    bought: live ? 1 : 0,
    mdornf: mine?.mdornf ?? 0,
    serviceendtime: buyout ? '' : fmtTime(mine?.serviceEndAt ?? null),
    available: appOnSale(app.id),
  };
}

/** The app centre's cards with the enterprise's 已购买 / 未购买. */
export async function appList(ctx: Ctx) {
  const [all, mine] = await Promise.all([appRepo.all(ctx.db), appRepo.ofRenter(tenantOf(ctx))]);
  return all.map((a) => card(a, mine.get(a.id)));
}

/** One app's detail and what can be bought of it. */
export async function appDetail(ctx: Ctx, appid: string) {
  const app = await appRepo.byId(ctx.db, appid);
  if (!app) throw new BizError('应用不存在', CODE.notFound);
  const mine = (await appRepo.ofRenter(tenantOf(ctx))).get(app.id);
  const c = card(app, mine);
  const sold = c.available && mine?.mdornf !== 1;
  return { ...c, detail: app.detail, usagemd: sold && app.canBuyout, usagenf: sold && app.canAnnual };
}

/** The apps an enterprise may use now (bought out, or annual not ended): the menu's purchase values come from it. */
export async function boughtApps(tenant: Tenant): Promise<Set<string>> {
  return new Set(await appRepo.liveIds(tenant));
}
