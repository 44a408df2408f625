import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fmtDay } from '@/core/time';
import { renters } from '@/db/schema';
import { DEMO_MEMBER_COUNT } from '@/demo/seed-members';
import {
  growthRecords,
  memberCards,
  memberGroups,
  memberLevels,
  members,
  memberTagLinks,
  memberTags,
  vipCards,
} from '@/modules/members/members.tables';
import { windowStart } from '@/modules/members/rules/rule.sql';
import { DEMO, makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let a: Person;
let b: Person;
const DAY = 86_400_000;
const P = (name: string) => `/Client/Customer/${name}`;
const now = new Date();
const month = Number(fmtDay(now).slice(5, 7));
const mm = (m: number) => String(((m - 1) % 12) + 1).padStart(2, '0');
const birthdays = { m1: `1995-${mm(month)}-10`, m2: `2001-${mm(month + 1)}-20`, m4: `1979-${mm(month + 6)}-01` };
const yesterdayNoon = new Date(windowStart(2, now).getTime() + 12 * 3_600_000);
let cardX = '';
let cardY = '';
let tagHigh = '';

/** A small set with known figures for 甲 (and two members of 乙 that must never count). */
beforeAll(async () => {
  t = await makeApp();
  a = await t.registerOwner('甲公司');
  b = await t.registerOwner('乙公司');
  const r = a.renterId;
  const rights = { discount: 1000, pointsTimes: 10, freeShipping: false, birthdayPoints: 0 };
  const look = { bgColor: '#333333', bgImage: '', textColor: '#ffffff' };
  const [l1, l2, paid] = await t.db
    .insert(memberLevels)
    .values([
      { renterId: r, name: '普通会员', rank: 1, growth: 0, rights, card: look },
      { renterId: r, name: '白银会员', rank: 2, growth: 500, rights, card: look },
      { renterId: r, needpay: 1, name: '黑卡会员', rank: 1, priceFen: 19900, rights, card: look },
    ])
    .returning();
  const ms = await t.db
    .insert(members)
    .values([
      {
        renterId: r,
        phone: '13900000001',
        sex: 1,
        birthday: birthdays.m1,
        growth: 600,
        levelId: l2.id,
        orderCount: 3,
        spendFen: 80_000,
        lastOrderAt: new Date(now.getTime() - 5 * DAY),
        balanceFen: 1000,
        points: 50,
        memberAt: now,
        createdAt: now,
      },
      {
        renterId: r,
        phone: '13900000002',
        sex: 2,
        birthday: birthdays.m2,
        levelId: l1.id,
        memberAt: yesterdayNoon,
        createdAt: yesterdayNoon,
      },
      {
        renterId: r,
        phone: '13900000003',
        sex: 2,
        orderCount: 1,
        spendFen: 20_000,
        lastOrderAt: new Date(now.getTime() - 100 * DAY),
        paidLevelId: paid.id,
        paidLevelExpiresAt: new Date(now.getTime() + 10 * DAY),
        status: 0,
        memberAt: new Date(now.getTime() - 40 * DAY),
        createdAt: new Date(now.getTime() - 40 * DAY),
      },
      {
        renterId: r,
        phone: '13900000004',
        sex: 0,
        birthday: birthdays.m4,
        memberAt: new Date(now.getTime() - 200 * DAY),
        createdAt: new Date(now.getTime() - 200 * DAY),
      },
      { renterId: r, kind: 0, visitorId: 'v-portrait', createdAt: now },
    ])
    .returning();
  const [x, y] = await t.db
    .insert(vipCards)
    .values([
      { renterId: r, name: '礼遇卡', rights, cover: look },
      { renterId: r, name: '年卡', needpay: 1, priceFen: 9900, rights, cover: look },
    ])
    .returning();
  cardX = x.id;
  cardY = y.id;
  await t.db.insert(memberCards).values([
    { renterId: r, cardId: x.id, memberId: ms[3].id, cardNo: 'C1', source: 3 },
    { renterId: r, cardId: y.id, memberId: ms[0].id, cardNo: 'C2', source: 3, expiresAt: new Date(now.getTime() - DAY) },
  ]);
  const [high, low] = await t.db
    .insert(memberTags)
    .values([
      { renterId: r, name: '高价值', memberCount: 2 },
      { renterId: r, name: '学生', memberCount: 1 },
    ])
    .returning();
  tagHigh = high.id;
  await t.db.insert(memberTagLinks).values([
    { renterId: r, tagId: high.id, memberId: ms[0].id },
    { renterId: r, tagId: high.id, memberId: ms[2].id },
    { renterId: r, tagId: low.id, memberId: ms[1].id },
  ]);
  // 乙's members: as many and as rich, never counted for 甲.
  await t.db.insert(members).values([
    { renterId: b.renterId, phone: '13900000001', sex: 1, orderCount: 9, spendFen: 999_900, memberAt: now, createdAt: now },
    { renterId: b.renterId, phone: '13900000005', sex: 2, birthday: birthdays.m1, memberAt: now, createdAt: now },
  ]);
});
afterAll(() => t.close());

describe('会员概况', () => {
  it('GetSumCount: headline figures of the renter only', async () => {
    const monthStart = fmtDay(now).slice(0, 7);
    const inMonth = [now, yesterdayNoon].filter((d) => fmtDay(d).slice(0, 7) === monthStart).length;
    expect(await t.ok(P('GetSumCount'), {}, a.token)).toEqual({
      customers: 5,
      members: 4,
      newCustomersToday: 2,
      newMembersToday: 1,
      newMembersYesterday: 1,
      newMembersMonth: inMonth,
      buyers: 2,
      spend: 1000,
      balance: 10,
      points: 50,
    });
  });

  it('GetMebCount: new customers and members per day, every day listed', async () => {
    const d = await t.ok(P('GetMebCount'), { days: 7 }, a.token);
    expect(d.list).toHaveLength(7);
    expect(d.endDate).toBe(fmtDay(now));
    expect(d.list[6]).toEqual({ day: fmtDay(now), customers: 2, members: 1 });
    expect(d.list[5]).toEqual({ day: fmtDay(yesterdayNoon), customers: 1, members: 1 });
    expect(d.list.slice(0, 5).every((x: { customers: number }) => x.customers === 0)).toBe(true);
    expect([d.customers, d.members]).toEqual([3, 2]);
    const range = await t.ok(P('GetMebCount'), { startDate: fmtDay(yesterdayNoon), endDate: fmtDay(yesterdayNoon) }, a.token);
    expect(range.list).toEqual([{ day: fmtDay(yesterdayNoon), customers: 1, members: 1 }]);
    const longAgo = await t.ok(P('GetMebCount'), { days: 366 }, a.token);
    expect([longAgo.list.length, longAgo.customers, longAgo.members]).toEqual([366, 5, 4]);
  });

  it('GetMebCount refuses a reversed or too long range, naming it', async () => {
    const bad = await t.call(P('GetMebCount'), { startDate: '2026-03-02', endDate: '2026-03-01' }, a.token);
    expect([bad.body.code, bad.body.msg]).toEqual([1001, '开始日期不能晚于结束日期']);
    const long = await t.call(P('GetMebCount'), { startDate: '2024-01-01', endDate: '2026-01-01' }, a.token);
    expect([long.body.code, long.body.msg]).toEqual([1001, '日期范围不能超过366天']);
    const half = await t.call(P('GetMebCount'), { startDate: '2026-03-01' }, a.token);
    expect(half.body.msg).toBe('请选择完整的日期范围');
    const days = await t.call(P('GetMebCount'), { days: 400 }, a.token);
    expect(days.body.msg).toMatch(/天数不能超过366/);
  });

  it('GetMebSurvey: the member structure', async () => {
    expect(await t.ok(P('GetMebSurvey'), {}, a.token)).toEqual({
      customers: 1,
      members: 4,
      buyers: 2,
      nonBuyers: 2,
      repeatBuyers: 1,
      active30: 1,
      paidMembers: 1,
    });
  });

  it('GetMarketCount: reach by SMS, birthdays, balance, points, cards', async () => {
    expect(await t.ok(P('GetMarketCount'), {}, a.token)).toEqual({
      members: 4,
      smsReachable: 3,
      birthdayThisMonth: 1,
      birthdayNextMonth: 1,
      withBalance: 1,
      withPoints: 1,
      cardHolders: 1,
    });
  });

  it('GetSetMarket: the audience of a rule', async () => {
    expect(await t.ok(P('GetSetMarket'), { rule: { op: 'and', items: [{ field: 'sex', in: [2] }] } }, a.token)).toEqual({
      count: 2,
      smsReachable: 1,
    });
    const tags = { op: 'and', items: [{ field: 'tags', match: 'any', ids: [tagHigh] }] };
    expect(await t.ok(P('GetSetMarket'), { rule: tags }, a.token)).toEqual({ count: 2, smsReachable: 1 });
    expect(await t.ok(P('GetSetMarket'), { rule: tags }, b.token)).toEqual({ count: 0, smsReachable: 0 });
    const bad = await t.call(P('GetSetMarket'), { rule: { op: 'and', items: [{ field: 'spend', min: 5, max: 1 }] } }, a.token);
    expect(bad.body.code).toBe(1001);
    expect(bad.body.msg).toMatch(/最小值不能大于最大值/);
  });

  it('GetRedMeb / GetRedMebDefault: 流失预警 over N days', async () => {
    expect(await t.ok(P('GetRedMebDefault'), {}, a.token)).toEqual({ days: 90, options: [30, 60, 90, 180, 365] });
    expect(await t.ok(P('GetRedMeb'), { days: 90 }, a.token)).toEqual({
      days: 90,
      members: 4,
      active: 1,
      dormant: 1,
      dormantSpend: 200,
      neverBought: 1,
    });
    expect(await t.ok(P('GetRedMeb'), { days: 365 }, a.token)).toMatchObject({ active: 2, dormant: 0, neverBought: 0 });
    const bad = await t.call(P('GetRedMeb'), { days: 0 }, a.token);
    expect(bad.body.code).toBe(1001);
    expect(bad.body.msg).toMatch(/天数至少为1/);
  });
});

describe('会员画像', () => {
  const counts = (d: { list: { name: string; count: number }[] }) => Object.fromEntries(d.list.map((x) => [x.name, x.count]));

  it('GetMebSex', async () => {
    const d = await t.ok(P('GetMebSex'), {}, a.token);
    expect(d.total).toBe(4);
    expect(counts(d)).toEqual({ 男: 1, 女: 2, 未知: 1 });
  });

  it('GetMebBirYear: by decade, 未填写 for none', async () => {
    const d = await t.ok(P('GetMebBirYear'), {}, a.token);
    expect(d.total).toBe(4);
    expect(counts(d)).toEqual({ '10后': 0, '00后': 1, '90后': 1, '80后': 0, '70后': 1, '60后': 0, '60前': 0, 未填写: 1 });
  });

  it('GetMebBirMonth: twelve months and 未填写', async () => {
    const d = await t.ok(P('GetMebBirMonth'), {}, a.token);
    expect(d.list).toHaveLength(13);
    const c = counts(d);
    expect([c[`${month}月`], c[`${(month % 12) + 1}月`], c[`${((month + 5) % 12) + 1}月`], c.未填写]).toEqual([1, 1, 1, 1]);
    expect(d.total).toBe(4);
  });

  it('GetMebLv: free levels, 无等级, paid levels held now', async () => {
    const d = await t.ok(P('GetMebLv'), {}, a.token);
    expect(d.total).toBe(4);
    expect(d.list.map((x: { name: string; count: number }) => [x.name, x.count])).toEqual([
      ['普通会员', 1],
      ['白银会员', 1],
      ['无等级', 2],
      ['黑卡会员（付费）', 1],
    ]);
  });

  it('GetMebCard: valid holders per card', async () => {
    const d = await t.ok(P('GetMebCard'), {}, a.token);
    expect(d).toEqual({
      total: 4,
      list: [
        { key: cardX, name: '礼遇卡', count: 1 },
        { key: cardY, name: '年卡', count: 0 },
      ],
    });
  });

  it('GetMebTag: tags by members, most first', async () => {
    const d = await t.ok(P('GetMebTag'), {}, a.token);
    expect(d.total).toBe(4);
    expect(d.list.map((x: { name: string; count: number }) => [x.name, x.count])).toEqual([
      ['高价值', 2],
      ['学生', 1],
    ]);
  });

  it('another renter sees only its own members', async () => {
    expect(await t.ok(P('GetSumCount'), {}, b.token)).toMatchObject({ customers: 2, members: 2, buyers: 1, spend: 9999 });
    expect(counts(await t.ok(P('GetMebSex'), {}, b.token))).toEqual({ 男: 1, 女: 1, 未知: 0 });
    expect((await t.ok(P('GetMebLv'), {}, b.token)).list).toEqual([{ key: 'none', name: '无等级', count: 2 }]);
    expect((await t.ok(P('GetMebCard'), {}, b.token)).list).toEqual([]);
    expect((await t.ok(P('GetMebTag'), {}, b.token)).list).toEqual([]);
  });
});

describe('permissions', () => {
  it('a view-only role reads its screen; a role without the entry is refused', async () => {
    const viewer = await t.addMember(a.renterId, ['mebprofile'], { exact: true });
    expect((await t.ok(P('GetSumCount'), {}, viewer.token)).members).toBe(4);
    expect((await t.ok(P('GetRedMeb'), { days: 30 }, viewer.token)).members).toBe(4);
    const refused = await t.call(P('GetMebSex'), {}, viewer.token);
    expect(refused.body.code).toBe(1003);
    const painter = await t.addMember(a.renterId, ['Portraitanalysis'], { exact: true });
    expect((await t.ok(P('GetMebSex'), {}, painter.token)).total).toBe(4);
    expect((await t.call(P('GetSumCount'), {}, painter.token)).body.code).toBe(1003);
    const other = await t.addMember(a.renterId, ['Goodlist']);
    for (const name of ['GetSumCount', 'GetMebCount', 'GetMebSurvey', 'GetMarketCount', 'GetRedMebDefault', 'GetMebLv', 'GetMebTag']) {
      expect((await t.call(P(name), {}, other.token)).body.code).toBe(1003);
    }
  });
});

describe('演示数据', () => {
  it('the demo enterprise has members, levels matching growth, tags, groups and cards', async () => {
    await t.seedDemo();
    const [demo] = await t.db.select().from(renters).where(eq(renters.name, DEMO.enterprise));
    const r = demo.id;
    const [c] = await t.db
      .select({
        all: sql<string>`count(*)`,
        members: sql<string>`count(*) filter (where kind = 1)`,
        buyers: sql<string>`count(*) filter (where order_count > 0)`,
        owner: sql<string>`count(*) filter (where phone = ${DEMO.phone})`,
        noName: sql<string>`count(*) filter (where kind = 1 and name = '')`,
      })
      .from(members)
      .where(eq(members.renterId, r));
    expect(Number(c.all)).toBe(DEMO_MEMBER_COUNT);
    expect(Number(c.members)).toBeGreaterThan(DEMO_MEMBER_COUNT * 0.8);
    expect(Number(c.buyers)).toBeGreaterThan(0);
    expect([Number(c.owner), Number(c.noName)]).toEqual([0, 0]);
    // Every member's free level is the one its growth reaches.
    const [wrong] = await t.db
      .execute(sql`
      select count(*)::int as n from members m
      where m.renter_id = ${r}::uuid and m.kind = 1 and m.level_id is distinct from (
        select l.id from member_levels l where l.renter_id = m.renter_id and l.needpay = 0 and l.status = 1
          and l.growth <= m.growth order by l.growth desc limit 1)`)
      .then((x) => (x as unknown as { rows: { n: number }[] }).rows);
    expect(wrong.n).toBe(0);
    const levels = await t.db.select().from(memberLevels).where(eq(memberLevels.renterId, r));
    expect(levels.filter((l) => l.needpay === 0).map((l) => [l.name, l.growth])).toEqual(
      expect.arrayContaining([
        ['普通会员', 0],
        ['白银会员', 500],
        ['黄金会员', 2000],
        ['钻石会员', 5000],
      ]),
    );
    expect(levels.filter((l) => l.needpay === 1).map((l) => [l.name, l.priceFen])).toEqual([['黑卡会员', 19900]]);
    const higher = levels.find((l) => l.name === '白银会员');
    const [silver] = await t.db
      .select({ n: sql<string>`count(*)` })
      .from(members)
      .where(and(eq(members.renterId, r), eq(members.levelId, higher?.id ?? '')));
    expect(Number(silver.n)).toBeGreaterThan(0);
    // Growth records add up to each member's growth.
    const [sums] = await t.db
      .execute(sql`
      select count(*)::int as n from members m where m.renter_id = ${r}::uuid and m.growth <> coalesce(
        (select sum(g.change) from growth_records g where g.renter_id = m.renter_id and g.member_id = m.id), 0)`)
      .then((x) => (x as unknown as { rows: { n: number }[] }).rows);
    expect(sums.n).toBe(0);
    const [records] = await t.db.select({ n: sql<string>`count(*)` }).from(growthRecords).where(eq(growthRecords.renterId, r));
    expect(Number(records.n)).toBeGreaterThan(0);
    const tags = await t.db.select().from(memberTags).where(eq(memberTags.renterId, r));
    expect(tags.map((x) => x.name)).toEqual(expect.arrayContaining(['高价值', '新客', '老客户', '宝妈', '学生', '近30天消费']));
    for (const tag of tags) {
      const [links] = await t.db
        .select({ n: sql<string>`count(*)` })
        .from(memberTagLinks)
        .where(and(eq(memberTagLinks.renterId, r), eq(memberTagLinks.tagId, tag.id)));
      expect(tag.memberCount).toBe(Number(links.n));
      expect(tag.memberCount).toBeGreaterThan(0);
    }
    const groups = await t.db.select().from(memberGroups).where(eq(memberGroups.renterId, r));
    expect(groups.map((g) => g.name).sort()).toEqual(['沉睡会员', '高消费会员']);
    expect(groups.every((g) => g.memberCount > 0)).toBe(true);
    const cards = await t.db.select().from(vipCards).where(eq(vipCards.renterId, r));
    expect(cards.map((x) => [x.name, x.priceFen, x.holderCount > 0])).toEqual(
      expect.arrayContaining([
        ['新人礼遇卡', 0, true],
        ['省钱年卡', 9900, true],
      ]),
    );
    // The screens answer for the demo owner.
    const token = await t.login(DEMO.phone, DEMO.password);
    const sum = await t.ok(P('GetSumCount'), {}, token);
    expect(sum.customers).toBe(DEMO_MEMBER_COUNT);
    expect((await t.ok(P('GetMebSex'), {}, token)).total).toBe(sum.members);
  });
});
