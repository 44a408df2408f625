import type { Tenant } from '@/core/tenant';
import { goodsRepo } from './goods.repository';

/** The titles of the renter's goods of these ids, by id (for lists of other modules that name goods: 操作日志). */
export async function goodsTitles(tenant: Tenant, ids: string[]): Promise<Map<string, string>> {
  const rows = await goodsRepo.titles(tenant, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r.title]));
}
