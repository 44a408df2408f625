import { type OrderRules, orderRules } from '@shop/contract';
import type { Ctx } from '@/core/context';
import { tenantFor } from '@/core/tenant';
import { readSection } from './sections';
import { shopRepo } from './shop.repository';

/** 通用设置's goods-order rules (unpaid minutes, auto-confirm days), defaults until saved (README "通用设置"). */
export async function orderRulesOf(ctx: Ctx, renterId: string): Promise<OrderRules> {
  return readSection(orderRules, (await shopRepo.config(tenantFor(ctx, renterId), 'general'))?.value);
}
