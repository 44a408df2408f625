import type { storeInfoBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { areaLabels, checkAreaPath } from './area';
import { type ShopRow, shopRowsRepo } from './shop.repository';
import { tenantOf } from '@/core/tenant';

type StoreInfoInput = z.output<typeof storeInfoBody>;

const notFound = () => new BizError('店铺不存在', CODE.notFound);

const fieldsOf = (s: ShopRow) => ({
  name: s.name,
  logo: s.logo,
  phone: s.phone,
  area: s.area,
  address: s.address,
  lng: s.lng,
  lat: s.lat,
  businessHours: s.businessHours,
  intro: s.intro,
});

/** 店铺信息 of the session's shop. */
export async function getStoreInfo(ctx: Ctx) {
  const { shopId } = renterOf(ctx);
  const shop = await shopRowsRepo.byId(tenantOf(ctx), shopId);
  if (!shop) throw notFound();
  const [areaName] = await areaLabels(ctx.db, [shop.area]);
  return { id: shop.id, ...fieldsOf(shop), areaName };
}

/** Saves the session's shop; the area must be a path of the catalogue. */
export async function saveStoreInfo(ctx: Ctx, input: StoreInfoInput): Promise<void> {
  const { shopId } = renterOf(ctx);
  await checkAreaPath(ctx.db, input.area);
  await inTx(ctx, async (tx) => {
    const before = await shopRowsRepo.lockById(tenantOf(tx), shopId);
    if (!before) throw notFound();
    await shopRowsRepo.update(tenantOf(tx), shopId, input);
    await audit(tx, { module: 'shop', action: '保存店铺信息', recordId: shopId, before: fieldsOf(before), after: input });
  });
}
