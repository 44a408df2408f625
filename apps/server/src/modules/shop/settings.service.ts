import { lockRenterOfTenant, renterOfTenant, updateRenterOfTenant } from '@/modules/login';
import { type generalSet, homeSet, type HomeSet, orderRules } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { readSection } from './sections';
import { shopRepo } from './shop.repository';
import { tenantOf } from '@/core/tenant';

type GeneralSetInput = z.output<typeof generalSet>;

/** 首页设置: what the customer-facing home and goods lists show; defaults until saved. */
export async function getHomeSet(ctx: Ctx): Promise<HomeSet> {
  return readSection(homeSet, (await shopRepo.config(tenantOf(ctx), 'home'))?.value);
}

export async function saveHomeSet(ctx: Ctx, input: HomeSet): Promise<void> {
  const { userId } = renterOf(ctx);
  await inTx(ctx, async (tx) => {
    await shopRepo.lockConfig(tenantOf(tx), 'home');
    const before = readSection(homeSet, (await shopRepo.config(tenantOf(tx), 'home'))?.value);
    await shopRepo.saveConfig(tenantOf(tx), 'home', { value: input, updatedBy: userId });
    await audit(tx, { module: 'shop', action: '保存首页设置', recordId: 'home', before, after: input });
  });
}

/** 通用设置: the service phone and the logo of the enterprise (GetSetInfo type 12 and 3). */
export async function getGeneralSet(ctx: Ctx) {
  const contact = await renterOfTenant(tenantOf(ctx));
  const rules = readSection(orderRules, (await shopRepo.config(tenantOf(ctx), 'general'))?.value);
  return { servicePhone: contact?.servicePhone ?? '', logo: contact?.logo ?? '', ...rules };
}

/**
 * Saves the service phone and logo on the enterprise. The order and points rules stored in renter_configs 'general'
 * by earlier versions are left untouched until the goods-order module reads them (README).
 */
export async function saveGeneralSet(ctx: Ctx, input: GeneralSetInput): Promise<void> {
  const { userId } = renterOf(ctx);
  const rules = { autoCancelMinutes: input.autoCancelMinutes, autoConfirmDays: input.autoConfirmDays };
  const after = { servicePhone: input.servicePhone, logo: input.logo, ...rules };
  await inTx(ctx, async (tx) => {
    const contact = await lockRenterOfTenant(tenantOf(tx));
    await shopRepo.lockConfig(tenantOf(tx), 'general');
    const stored = (await shopRepo.config(tenantOf(tx), 'general'))?.value;
    const before = { servicePhone: contact?.servicePhone ?? '', logo: contact?.logo ?? '', ...readSection(orderRules, stored) };
    await updateRenterOfTenant(tenantOf(tx), { servicePhone: input.servicePhone, logo: input.logo });
    // The rules of an earlier version's section (stock / points timing) are kept as they are.
    await shopRepo.saveConfig(tenantOf(tx), 'general', { value: { ...(stored ?? {}), ...rules }, updatedBy: userId });
    await audit(tx, { module: 'shop', action: '保存通用设置', recordId: 'general', before, after });
  });
}
