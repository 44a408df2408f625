/**
 * ruleWhere (members/rules/rule.sql.ts) against a brute-force evaluation in TypeScript: fast-check generates members
 * (kind, sex, source, birthday, figures, growth, created / member / last order times, tags, cards incl. expired and
 * withdrawn ones, levels) and rules; the SQL's matches must equal the evaluator's. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import type { MemberRule, MemberRuleCond } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberCards, memberLevels, members, memberTagLinks, memberTags, vipCards } from '@/db/schema';
import { ruleWhere } from '@/modules/members/rules/rule.sql';
import { makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let levelIds: string[] = [];
let tagIds: string[] = [];
let cardIds: string[] = [];

const DAY = 86_400_000;
/** A fixed "now" (a Shanghai afternoon) so windows are reproducible. */
const NOW = new Date('2026-06-15T07:30:00Z');

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('规则店');
  const renterId = owner.renterId;
  const rights = { discount: 1000, pointsTimes: 10, freeShipping: false, birthdayPoints: 0 };
  const look = { bgColor: '#333333', bgImage: '', textColor: '#ffffff' };
  levelIds = (
    await t.db
      .insert(memberLevels)
      .values([1, 2, 3].map((rank) => ({ renterId, name: `等级${rank}`, rank, growth: rank * 100, rights, card: look })))
      .returning()
  ).map((r) => r.id);
  tagIds = (
    await t.db
      .insert(memberTags)
      .values(['甲', '乙', '丙'].map((name) => ({ renterId, name })))
      .returning()
  ).map((r) => r.id);
  cardIds = (
    await t.db
      .insert(vipCards)
      .values(['银卡', '金卡'].map((name) => ({ renterId, name, rights, cover: look })))
      .returning()
  ).map((r) => r.id);
});
afterAll(() => t.close());

// ---- Generated members ----

interface GenCard {
  card: number;
  /** Days from now to expiry (null: for ever). */
  expiresIn: number | null;
  status: 0 | 1;
}
interface GenMember {
  kind: 0 | 1;
  sex: 0 | 1 | 2;
  source: number;
  birthday: string | null;
  audit: 0 | 1 | 2;
  status: 0 | 1;
  orderCount: number;
  spendFen: number;
  balanceFen: number;
  points: number;
  growth: number;
  /** Minutes before NOW. */
  createdAgo: number;
  memberAgo: number | null;
  lastOrderAgo: number | null;
  level: number | null;
  tags: number[];
  cards: GenCard[];
}

/** Minutes since the Shanghai midnight that began NOW's day. */
const SINCE_MIDNIGHT = ((NOW.getTime() + 8 * 3_600_000) % 86_400_000) / 60_000;
/** Anywhere in 400 days, or a minute around one of the last 7 day boundaries (where windows cut). */
const minutesAgo = fc.oneof(
  fc.integer({ min: 0, max: 400 * 24 * 60 }),
  fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: -1, max: 1 })).map(([d, e]) => Math.max(0, SINCE_MIDNIGHT + d * 1440 + e)),
);
const genMember: fc.Arbitrary<GenMember> = fc.record({
  kind: fc.constantFrom(0, 1),
  sex: fc.constantFrom(0, 1, 2),
  source: fc.integer({ min: 1, max: 5 }),
  birthday: fc.option(
    fc.date({ min: new Date('1960-01-01'), max: new Date('2010-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  ),
  audit: fc.constantFrom(0, 1, 2),
  status: fc.constantFrom(0, 1),
  orderCount: fc.integer({ min: 0, max: 30 }),
  spendFen: fc.integer({ min: 0, max: 100_000 }),
  balanceFen: fc.integer({ min: 0, max: 100_000 }),
  points: fc.integer({ min: 0, max: 1000 }),
  growth: fc.integer({ min: 0, max: 1000 }),
  createdAgo: minutesAgo,
  memberAgo: fc.option(minutesAgo),
  lastOrderAgo: fc.option(minutesAgo),
  level: fc.option(fc.integer({ min: 0, max: 2 })),
  tags: fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { maxLength: 3 }),
  cards: fc.uniqueArray(
    fc.record({
      card: fc.integer({ min: 0, max: 1 }),
      expiresIn: fc.option(fc.integer({ min: -30, max: 30 })),
      status: fc.constantFrom(0, 1),
    }),
    { maxLength: 2, selector: (c) => c.card },
  ),
});

// ---- Generated rules (ids by index into the fixtures, mapped when evaluated) ----

type GenCond =
  | { field: 'kind' | 'sex' | 'source' | 'birthMonth' | 'audit' | 'status'; in: number[] }
  | { field: 'level'; in: number[] }
  | { field: 'tags' | 'cards'; match: 'any' | 'all' | 'none'; ids: number[] }
  | { field: 'orderCount' | 'spend' | 'balance' | 'points' | 'growth'; min?: number; max?: number }
  | { field: 'createTime' | 'memberTime' | 'lastOrderTime'; from?: string; to?: string; withinDays?: number; notWithinDays?: number };

const values = (max: number, min = 0) => fc.uniqueArray(fc.integer({ min, max }), { minLength: 1, maxLength: 3 });
const dayText = fc
  .oneof(fc.integer({ min: -7, max: 1 }), fc.integer({ min: -400, max: 1 }))
  .map((d) => new Date(NOW.getTime() + d * DAY).toISOString().slice(0, 10));
const range = (max: number, money: boolean) => {
  const n = money ? fc.integer({ min: 0, max: max * 100 }).map((f) => f / 100) : fc.integer({ min: 0, max });
  return fc
    .tuple(fc.option(n, { nil: undefined }), fc.option(n, { nil: undefined }))
    .filter(([a, b]) => a !== undefined || b !== undefined)
    .map(([a, b]) => (a !== undefined && b !== undefined && a > b ? { min: b, max: a } : { min: a, max: b }));
};

const genCond: fc.Arbitrary<GenCond> = fc.oneof(
  fc.record({ field: fc.constant('kind' as const), in: values(1) }),
  fc.record({ field: fc.constant('sex' as const), in: values(2) }),
  fc.record({ field: fc.constant('source' as const), in: values(5, 1) }),
  fc.record({ field: fc.constant('birthMonth' as const), in: values(12, 1) }),
  fc.record({ field: fc.constant('audit' as const), in: values(2) }),
  fc.record({ field: fc.constant('status' as const), in: values(1) }),
  fc.record({ field: fc.constant('level' as const), in: values(2) }),
  fc.record({
    field: fc.constantFrom('tags' as const, 'cards' as const),
    match: fc.constantFrom('any' as const, 'all' as const, 'none' as const),
    ids: values(2),
  }),
  fc
    .tuple(fc.constantFrom('orderCount' as const, 'points' as const, 'growth' as const), range(1000, false))
    .map(([field, r]) => ({ field, ...r })),
  fc.tuple(fc.constantFrom('spend' as const, 'balance' as const), range(1000, true)).map(([field, r]) => ({ field, ...r })),
  fc
    .tuple(
      fc.constantFrom('createTime' as const, 'memberTime' as const, 'lastOrderTime' as const),
      fc.oneof(
        fc.oneof(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 400 })).map((withinDays) => ({ withinDays })),
        fc.oneof(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 400 })).map((notWithinDays) => ({ notWithinDays })),
        fc
          .tuple(fc.option(dayText, { nil: undefined }), fc.option(dayText, { nil: undefined }))
          .filter(([a, b]) => a !== undefined || b !== undefined)
          .map(([a, b]) => (a && b && a > b ? { from: b, to: a } : { from: a, to: b })),
      ),
    )
    .map(([field, w]) => ({ field, ...w }) as GenCond),
);
const genRule = fc.record({ op: fc.constantFrom('and' as const, 'or' as const), items: fc.array(genCond, { maxLength: 4 }) });

/** The rule with fixture ids; cards and tags conditions 'all' exist for cards too (the SQL takes it). */
function ruleOf(g: { op: 'and' | 'or'; items: GenCond[] }): MemberRule {
  const items = g.items.map((c): MemberRuleCond => {
    if (c.field === 'level') return { field: 'level', in: c.in.map((i) => levelIds[i]) };
    if (c.field === 'tags') return { ...c, ids: c.ids.map((i) => tagIds[i]) };
    if (c.field === 'cards') return { ...c, ids: c.ids.map((i) => cardIds[i]).filter(Boolean) };
    const cleaned = Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined));
    return cleaned as MemberRuleCond;
  });
  return { op: g.op, items: items.filter((c) => !('ids' in c) || c.ids.length > 0) };
}

// ---- The brute-force evaluator ----

const SHANGHAI = 8 * 3_600_000;
/** Start (UTC ms) of the Shanghai day `days - 1` days before now's: "within the last N days" counts today. */
const windowStartMs = (days: number) => Math.floor((NOW.getTime() + SHANGHAI) / DAY) * DAY - SHANGHAI - (days - 1) * DAY;
const dayStartMs = (d: string) => Date.parse(`${d}T00:00:00+08:00`);

interface Evaluated extends GenMember {
  created: number;
  memberAt: number | null;
  lastOrderAt: number | null;
}

function holds(m: Evaluated, c: GenCond): boolean {
  switch (c.field) {
    case 'kind':
    case 'sex':
    case 'source':
    case 'audit':
    case 'status':
      return c.in.includes(m[c.field]);
    case 'birthMonth':
      return m.birthday !== null && c.in.includes(Number(m.birthday.slice(5, 7)));
    case 'level':
      return m.level !== null && c.in.includes(m.level);
    case 'tags':
    case 'cards': {
      const held =
        c.field === 'tags'
          ? new Set(m.tags)
          : new Set(m.cards.filter((k) => k.status === 1 && (k.expiresIn === null || k.expiresIn > 0)).map((k) => k.card));
      const ids = [...new Set(c.field === 'cards' ? c.ids.filter((i) => i < cardIds.length) : c.ids)];
      if (c.match === 'any') return ids.some((i) => held.has(i));
      if (c.match === 'none') return !ids.some((i) => held.has(i));
      return ids.every((i) => held.has(i));
    }
    case 'orderCount':
    case 'points':
    case 'growth':
    case 'spend':
    case 'balance': {
      const v = { orderCount: m.orderCount, points: m.points, growth: m.growth, spend: m.spendFen, balance: m.balanceFen }[c.field];
      const money = c.field === 'spend' || c.field === 'balance';
      const bound = (x: number) => (money ? Math.round(x * 100) : x);
      return (c.min === undefined || v >= bound(c.min)) && (c.max === undefined || v <= bound(c.max));
    }
    case 'createTime':
    case 'memberTime':
    case 'lastOrderTime': {
      const v = { createTime: m.created, memberTime: m.memberAt, lastOrderTime: m.lastOrderAt }[c.field];
      if (c.withinDays !== undefined) return v !== null && v >= windowStartMs(c.withinDays);
      if (c.notWithinDays !== undefined) return v === null || v < windowStartMs(c.notWithinDays);
      if (v === null) return false;
      return (!c.from || v >= dayStartMs(c.from)) && (!c.to || v < dayStartMs(c.to) + DAY);
    }
  }
}

function matches(m: Evaluated, g: { op: 'and' | 'or'; items: GenCond[] }, rule: MemberRule): boolean {
  // Conditions the id mapping dropped (a card index past the fixtures) are dropped here too.
  const kept = g.items.filter((c) => !(c.field === 'cards' && c.ids.every((i) => i >= cardIds.length)));
  if (kept.length !== rule.items.length) throw new Error('mapping mismatch');
  if (kept.length === 0) return true;
  return g.op === 'and' ? kept.every((c) => holds(m, c)) : kept.some((c) => holds(m, c));
}

// ---- Writing a population ----

async function writePopulation(pop: GenMember[]): Promise<Evaluated[]> {
  const renterId = owner.renterId;
  await t.db.delete(members).where(eq(members.renterId, renterId));
  if (!pop.length) return [];
  const ago = (min: number | null) => (min === null ? null : NOW.getTime() - min * 60_000);
  const rows = await t.db
    .insert(members)
    .values(
      pop.map((m, i) => ({
        renterId,
        kind: m.kind,
        phone: `1390000${String(i).padStart(4, '0')}`,
        sex: m.sex,
        source: m.source,
        birthday: m.birthday,
        audit: m.audit,
        status: m.status,
        orderCount: m.orderCount,
        spendFen: m.spendFen,
        balanceFen: m.balanceFen,
        points: m.points,
        growth: m.growth,
        createdAt: new Date(ago(m.createdAgo) as number),
        memberAt: m.memberAgo === null ? null : new Date(ago(m.memberAgo) as number),
        lastOrderAt: m.lastOrderAgo === null ? null : new Date(ago(m.lastOrderAgo) as number),
        levelId: m.level === null ? null : levelIds[m.level],
      })),
    )
    .returning({ id: members.id });
  const links = pop.flatMap((m, i) => m.tags.map((k) => ({ renterId, tagId: tagIds[k], memberId: rows[i].id })));
  if (links.length) await t.db.insert(memberTagLinks).values(links);
  const cards = pop.flatMap((m, i) =>
    m.cards.map((k, j) => ({
      renterId,
      cardId: cardIds[k.card],
      memberId: rows[i].id,
      cardNo: `R${i}-${j}`,
      source: 3,
      status: k.status,
      expiresAt: k.expiresIn === null ? null : new Date(NOW.getTime() + k.expiresIn * DAY),
    })),
  );
  if (cards.length) await t.db.insert(memberCards).values(cards);
  return pop.map((m, i) => ({
    ...m,
    id: rows[i].id,
    created: ago(m.createdAgo) as number,
    memberAt: ago(m.memberAgo),
    lastOrderAt: ago(m.lastOrderAgo),
  }));
}

async function sqlMatches(rule: MemberRule): Promise<string[]> {
  const rows = await t.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.renterId, owner.renterId), ruleWhere(rule, NOW)));
  return rows.map((r) => r.id).sort();
}

describe('ruleWhere against a brute-force evaluation', () => {
  it('matches the same members for generated members and rules', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(genMember, { minLength: 5, maxLength: 30 }),
        fc.array(genRule, { minLength: 1, maxLength: 6 }),
        async (pop, rules) => {
          const written = await writePopulation(pop);
          for (const g of rules) {
            const rule = ruleOf(g);
            const expected = written
              .filter((m) => matches(m, g, rule))
              .map((m) => (m as unknown as { id: string }).id)
              .sort();
            expect(await sqlMatches(rule)).toEqual(expected);
          }
        },
      ),
      { numRuns: 150 },
    );
  }, 180_000);

  it('an empty rule matches every member of the renter and none of another', async () => {
    const other = await t.registerOwner('别家规则店');
    await t.db.insert(members).values({ renterId: other.renterId, phone: '13911112222' });
    await writePopulation([]);
    await t.db.insert(members).values({ renterId: owner.renterId, phone: '13911113333' });
    expect(await sqlMatches({ op: 'and', items: [] })).toHaveLength(1);
  });
});
