import type { Db } from '../../../db/client';

/**
 * How many goods are filed directly under each category, read in the caller's transaction. Goods do not exist yet:
 * the goods issue fills in `count` with a grouped count over its table (renter_id, goods_type_id), and deleting a
 * category that still has goods is refused from then on. An object, not a bare function, so tests can stand in for
 * the goods table until it exists.
 */
export const goodsInTypes = {
  async count(_db: Db, _renterId: string, _typeIds: string[]): Promise<Map<string, number>> {
    return new Map();
  },
};
