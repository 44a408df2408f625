import type { MemberRule } from '@shop/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import { BizError, CODE } from '@/core/errors';
import type { Tenant } from '@/core/tenant';
import { memberLevels, memberTags, vipCards } from '@/modules/members/members.tables';

/** The ids a rule names, by the table they name. */
export function ruleIds(rule: MemberRule): { levels: string[]; tags: string[]; cards: string[] } {
  const levels = new Set<string>();
  const tags = new Set<string>();
  const cards = new Set<string>();
  for (const c of rule.items) {
    if (c.field === 'level') for (const id of c.in) levels.add(id);
    else if (c.field === 'tags') for (const id of c.ids) tags.add(id);
    else if (c.field === 'cards') for (const id of c.ids) cards.add(id);
  }
  return { levels: [...levels], tags: [...tags], cards: [...cards] };
}

const refused = (msg: string) => new BizError(msg, CODE.validation, { errors: [{ field: 'rule', msg }] });

/**
 * Refuses a rule naming a level, tag or card that is not the renter's (another renter's id answers like a missing
 * one): a saved rule only names rows the merchant can see. Counting and previews need no check (another renter's id
 * matches nobody there).
 */
export async function checkRuleIds(tenant: Tenant, rule: MemberRule): Promise<void> {
  const { db, renterId } = tenant;
  const ids = ruleIds(rule);
  const found = async (table: typeof memberLevels | typeof memberTags | typeof vipCards, list: string[]) => {
    if (!list.length) return true;
    const [r] = await db
      .select({ n: count() })
      .from(table)
      .where(and(eq(table.renterId, renterId), inArray(table.id, list)));
    return Number(r?.n ?? 0) === list.length;
  };
  if (!(await found(memberLevels, ids.levels))) throw refused('所选会员等级不存在');
  if (!(await found(memberTags, ids.tags))) throw refused('所选标签不存在');
  if (!(await found(vipCards, ids.cards))) throw refused('所选权益卡不存在');
}
