import { goodsRepo } from '@/modules/goods/goods/goods.repository';
import type { Tenant } from '@/core/tenant';

/**
 * How many goods are filed directly under each category, read in the caller's transaction; deleting a category that
 * still has goods is refused. An object, not a bare function, so tests can stand in for the count.
 */
export const goodsInTypes = {
  async count(tenant: Tenant, typeIds: string[]): Promise<Map<string, number>> {
    return goodsRepo.countByCategory(tenant, typeIds);
  },
};
