import type { MemberRule, MemberRuleCond, RuleChoiceField, RuleNumberField, RuleTimeField } from '@shop/contract';
import { yuanToFen } from '@shop/contract';
import { and, type AnyColumn, isNull, or, type SQL, sql } from 'drizzle-orm';
import { parseTime, startOfToday } from '@/core/time';
import { memberCards, memberGroupLinks, members, memberTagLinks } from '@/modules/members/members.tables';

/**
 * A member rule as one SQL condition over `members` (the customer query's filters, a group's members, an automatic
 * tag's members, later a campaign's audience): never a loop over members in memory. `now` fixes "the last N days".
 * An empty rule matches every customer.
 */
export function ruleWhere(rule: MemberRule, now: Date): SQL {
  const parts = rule.items.map((c) => condWhere(c, now));
  if (parts.length === 0) return sql`true`;
  return (rule.op === 'or' ? or(...parts) : and(...parts)) as SQL;
}

const CHOICE: Record<RuleChoiceField, SQL | AnyColumn> = {
  kind: members.kind,
  sex: members.sex,
  source: members.source,
  birthMonth: sql`extract(month from ${members.birthday})::int`,
  audit: members.audit,
  status: members.status,
};

const NUMBER: Record<RuleNumberField, { col: AnyColumn; money: boolean }> = {
  orderCount: { col: members.orderCount, money: false },
  spend: { col: members.spendFen, money: true },
  balance: { col: members.balanceFen, money: true },
  points: { col: members.points, money: false },
  growth: { col: members.growth, money: false },
};

const TIME: Record<RuleTimeField, AnyColumn> = {
  createTime: members.createdAt,
  memberTime: members.memberAt,
  lastOrderTime: members.lastOrderAt,
};

const DAY_MS = 86_400_000;
const list = (xs: (string | number)[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

/** Start of the day N-1 days before `now`'s day in the display zone: "within the last N days" counts today. */
export function windowStart(days: number, now: Date): Date {
  const today = startOfToday(now);
  return new Date(today.getTime() - (days - 1) * DAY_MS);
}

/**
 * Holds any / all / none of these ids, over a link table: `links` is the subquery's `from … where … and <id column>`,
 * completed here with `in (ids)`.
 */
function heldWhere(match: 'any' | 'all' | 'none', ids: string[], links: SQL): SQL {
  const has = sql`exists (select 1 ${links} in (${list(ids)}))`;
  if (match === 'none') return sql`not ${has}`;
  if (match === 'any') return has;
  const distinct = [...new Set(ids)];
  return sql`(select count(*) ${links} in (${list(distinct)})) = ${distinct.length}`;
}

function condWhere(c: MemberRuleCond, now: Date): SQL {
  switch (c.field) {
    case 'level':
      return sql`${members.levelId} in (${list(c.in)})`;
    case 'tags':
      return heldWhere(
        c.match,
        c.ids,
        sql`from ${memberTagLinks} l where l.renter_id = ${members.renterId} and l.member_id = ${members.id} and l.tag_id`,
      );
    case 'cards':
      // Only cards in force: not given back, not expired.
      return heldWhere(
        c.match,
        c.ids,
        sql`from ${memberCards} c where c.renter_id = ${members.renterId} and c.member_id = ${members.id} and c.status = 1 and (c.expires_at is null or c.expires_at > ${now}) and c.card_id`,
      );
    case 'kind':
    case 'sex':
    case 'source':
    case 'birthMonth':
    case 'audit':
    case 'status':
      return sql`${CHOICE[c.field]} in (${list(c.in)})`;
    case 'orderCount':
    case 'spend':
    case 'balance':
    case 'points':
    case 'growth': {
      const { col, money } = NUMBER[c.field];
      const v = (x: number) => (money ? yuanToFen(x) : Math.trunc(x));
      const parts: SQL[] = [];
      if (c.min !== undefined) parts.push(sql`${col} >= ${v(c.min)}`);
      if (c.max !== undefined) parts.push(sql`${col} <= ${v(c.max)}`);
      return and(...parts) as SQL;
    }
    case 'createTime':
    case 'memberTime':
    case 'lastOrderTime': {
      const col = TIME[c.field];
      if (c.withinDays !== undefined) return sql`${col} >= ${windowStart(c.withinDays, now)}`;
      if (c.notWithinDays !== undefined) return or(isNull(col), sql`${col} < ${windowStart(c.notWithinDays, now)}`) as SQL;
      const parts: SQL[] = [];
      if (c.from) parts.push(sql`${col} >= ${parseTime(`${c.from} 00:00:00`)}`);
      if (c.to) parts.push(sql`${col} < ${new Date(parseTime(`${c.to} 00:00:00`).getTime() + DAY_MS)}`);
      return and(...parts) as SQL;
    }
  }
}

/** A group's members: those its rule matches and those added to it by hand. */
export function groupWhere(group: { id: string; rule: MemberRule }, now: Date): SQL {
  const added = sql`exists (select 1 from ${memberGroupLinks} g where g.renter_id = ${members.renterId} and g.member_id = ${members.id} and g.group_id = ${group.id})`;
  return group.rule.items.length === 0 ? added : (or(ruleWhere(group.rule, now), added) as SQL);
}
