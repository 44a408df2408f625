import type { Config } from '@/config';
import { hashToken } from '@/core/auth';
import type { CustomerResolver } from '@/core/register';
import { publicShop } from '@/modules/shop';
import { memberTokenRepo } from './members.repository';
import { visitorIdIn } from './visitor';

/** How registration (core/register) knows the customer side's callers: shops, member tokens, visitor ids. */
export function customerResolver(config: Config): CustomerResolver {
  return {
    async shop(db, shopId) {
      const s = await publicShop(db, shopId);
      return s ? { renterId: s.renterId, shopId: s.shopId } : null;
    },
    async member(db, token, renterId) {
      return (await memberTokenRepo.live(db, hashToken(token), renterId)) ?? null;
    },
    visitor: (token) => visitorIdIn(config, token),
  };
}
