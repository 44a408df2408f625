/** Tags (/Config/Tags/) and groups (/Client/Customer/ groups, CountRule, GroupMembers, RuleOptions): members README 标签与分组. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberGroupLinks, memberLevels, members, memberTagLinks, memberTags, operLogs, vipCards } from '@/db/schema';
import { sendAllTagRefreshes } from '@/modules/members';
import { makeApp, type Person, systemCtx, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;
let gold: string;
let otherLevel: string;
let otherTag: string;
let otherGroup: string;

const TAGS = '/Config/Tags/';
const C = '/Client/Customer/';
const rights = { discount: 1000, pointsTimes: 10, freeShipping: false, birthdayPoints: 0 };
const look = { bgColor: '#333333', bgImage: '', textColor: '#ffffff' };
const bigSpender = { op: 'and', items: [{ field: 'spend', min: 100 }] };

let seq = 0;
async function member(p: Person, over: Partial<typeof members.$inferInsert> = {}) {
  seq += 1;
  const [m] = await t.db
    .insert(members)
    .values({ renterId: p.renterId, phone: `1370000${String(seq).padStart(4, '0')}`, name: `会员${seq}`, ...over })
    .returning();
  return m.id;
}
const tagIdsOf = async (memberId: string) =>
  (await t.db.select().from(memberTagLinks).where(eq(memberTagLinks.memberId, memberId))).map((l) => l.tagId);

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('标签店'), t.registerOwner('隔壁标签店')]);
  [{ id: gold }] = await t.db
    .insert(memberLevels)
    .values({ renterId: owner.renterId, name: '黄金', rank: 1, growth: 100, rights, card: look })
    .returning();
  [{ id: otherLevel }] = await t.db
    .insert(memberLevels)
    .values({ renterId: other.renterId, name: '黄金', rank: 1, growth: 100, rights, card: look })
    .returning();
  otherTag = (await t.ok(`${TAGS}save`, { name: '别家标签', kind: 1 }, other.token)).id;
  otherGroup = (await t.ok(`${C}SaveGroup`, { name: '别家分组', rule: bigSpender }, other.token)).id;
  // Owner's members: two big spenders (one gold), one small.
  await member(owner, { spendFen: 20_000, levelId: gold });
  await member(owner, { spendFen: 15_000 });
  await member(owner, { spendFen: 500 });
  await member(other, { spendFen: 90_000 });
});
afterAll(() => t.close());

describe('tags', () => {
  it('saves a manual tag, refuses a taken or missing name with its message', async () => {
    const r = await t.call(`${TAGS}save`, { name: '老客户', kind: 1, remark: '复购' }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '保存成功' });
    const again = await t.call(`${TAGS}save`, { name: '老客户', kind: 1 }, owner.token);
    expect(again.body).toMatchObject({ code: 1001, msg: '标签名称已存在' });
    expect((await t.call(`${TAGS}save`, { name: ' ', kind: 1 }, owner.token)).body.msg).toContain('请输入标签名称');
    expect((await t.call(`${TAGS}save`, { name: '长'.repeat(21), kind: 1 }, owner.token)).body.msg).toContain('标签名称不能超过20个字');
    // Another renter may use the same name.
    expect((await t.call(`${TAGS}save`, { name: '老客户', kind: 1 }, other.token)).body.code).toBe(0);
    const d = await t.ok(`${TAGS}detail`, { id: r.body.data.id }, owner.token);
    expect(d).toMatchObject({ name: '老客户', kind: 1, rule: null, memberCount: 0, remark: '复购', refreshedAt: '' });
  });

  it('refuses an automatic tag without conditions', async () => {
    for (const rule of [undefined, { op: 'and', items: [] }]) {
      const r = await t.call(`${TAGS}save`, { name: '空规则', kind: 2, rule }, owner.token);
      expect(r.body.code).toBe(1001);
      expect(r.body.msg).toContain('请设置自动标签的条件');
    }
  });

  it('an automatic tag gets exactly its rule members through the refresh job, and follows changes', async () => {
    const { id } = await t.ok(`${TAGS}save`, { name: '高消费', kind: 2, rule: bigSpender }, owner.token);
    await t.services.jobs.runDue(['members.tags.refresh']);
    let d = await t.ok(`${TAGS}detail`, { id }, owner.token);
    expect(d.memberCount).toBe(2);
    expect(d.refreshedAt).not.toBe('');
    const small = await member(owner, { spendFen: 100 });
    // The small one spends; another drops out after a refund: a refresh follows both.
    await t.db.update(members).set({ spendFen: 50_000 }).where(eq(members.id, small));
    await t.db
      .update(members)
      .set({ spendFen: 0 })
      .where(and(eq(members.renterId, owner.renterId), eq(members.spendFen, 15_000)));
    const r = await t.call(`${TAGS}refresh`, { id }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '已开始刷新', data: { id, refreshedAt: d.refreshedAt } });
    await t.services.jobs.runDue(['members.tags.refresh']);
    d = await t.ok(`${TAGS}detail`, { id }, owner.token);
    expect(d.memberCount).toBe(2);
    expect(await tagIdsOf(small)).toContain(id);
    // The other renter's big spender never gets it.
    const links = await t.db.select().from(memberTagLinks).where(eq(memberTagLinks.tagId, id));
    expect(links.every((l) => l.renterId === owner.renterId)).toBe(true);
    // The hourly run refreshes every renter's automatic tags.
    await t.db.update(members).set({ spendFen: 0 }).where(eq(members.id, small));
    await sendAllTagRefreshes(systemCtx(t));
    await t.services.jobs.runDue(['members.tags.refresh']);
    expect((await t.ok(`${TAGS}detail`, { id }, owner.token)).memberCount).toBe(1);
    await t.db.update(members).set({ spendFen: 15_000 }).where(eq(members.id, small));
  });

  it('refuses refreshing a manual tag', async () => {
    const { id } = await t.ok(`${TAGS}save`, { name: '手动一个', kind: 1 }, owner.token);
    expect((await t.call(`${TAGS}refresh`, { id }, owner.token)).body).toMatchObject({ code: 1001, msg: '只有自动标签需要刷新' });
  });

  it('lists with keyword, kind and sorting; the picker lists all', async () => {
    const page = await t.ok(`${TAGS}list`, { kind: 2, sorter: [{ field: 'memberCount', order: 'descend' }] }, owner.token);
    expect(page.rows.map((r: { name: string }) => r.name)).toEqual(['高消费']);
    const kw = await t.ok(`${TAGS}list`, { keyword: '老客' }, owner.token);
    expect(kw.total_count).toBe(1);
    const all = await t.ok(`${TAGS}GetTagList`, {}, owner.token);
    expect(all.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['老客户', '高消费']));
    expect(all.map((r: { name: string }) => r.name)).not.toContain('别家标签');
  });

  it('getScoreUIDS previews the members of a rule or a tag', async () => {
    const r = await t.ok(`${TAGS}getScoreUIDS`, { rule: bigSpender }, owner.token);
    expect(r.count).toBe(2);
    expect(r.rows).toHaveLength(2);
    expect(r.rows[0]).toMatchObject({ phone: expect.stringMatching(/^137/) });
    const none = await t.call(`${TAGS}getScoreUIDS`, {}, owner.token);
    expect(none.body.msg).toContain('请设置条件');
  });

  it('refuses a rule naming another renter’s level or tag, or the tag itself', async () => {
    const lv = await t.call(
      `${TAGS}save`,
      { name: '别家等级', kind: 2, rule: { op: 'and', items: [{ field: 'level', in: [otherLevel] }] } },
      owner.token,
    );
    expect(lv.body).toMatchObject({ code: 1001, msg: '所选会员等级不存在' });
    const tg = await t.call(
      `${TAGS}save`,
      { name: '别家标签规则', kind: 2, rule: { op: 'and', items: [{ field: 'tags', match: 'any', ids: [otherTag] }] } },
      owner.token,
    );
    expect(tg.body).toMatchObject({ code: 1001, msg: '所选标签不存在' });
    const { id } = await t.ok(`${TAGS}save`, { name: '自指', kind: 2, rule: bigSpender }, owner.token);
    const self = await t.call(
      `${TAGS}save`,
      { id, name: '自指', kind: 2, rule: { op: 'and', items: [{ field: 'tags', match: 'none', ids: [id] }] } },
      owner.token,
    );
    expect(self.body).toMatchObject({ code: 1001, msg: '自动标签的条件不能包含标签自身' });
  });

  it('another renter’s tag answers like a missing one', async () => {
    for (const path of ['detail', 'refresh'])
      expect((await t.call(`${TAGS}${path}`, { id: otherTag }, owner.token)).body).toMatchObject({ code: 1004, msg: '标签不存在' });
    expect((await t.call(`${TAGS}delete`, { ids: [otherTag] }, owner.token)).body).toMatchObject({ code: 1004, msg: '标签不存在' });
    expect((await t.call(`${TAGS}save`, { id: otherTag, name: '抢', kind: 1 }, owner.token)).body).toMatchObject({ code: 1004 });
    expect((await t.call(`${TAGS}getScoreUIDS`, { tagId: otherTag }, owner.token)).body).toMatchObject({ code: 1004 });
    const [still] = await t.db.select().from(memberTags).where(eq(memberTags.id, otherTag));
    expect(still.name).toBe('别家标签');
  });

  it('deletes tags with their links, and logs it', async () => {
    const { id } = await t.ok(`${TAGS}save`, { name: '待删', kind: 1 }, owner.token);
    const m = await member(owner);
    await t.db.insert(memberTagLinks).values({ renterId: owner.renterId, tagId: id, memberId: m });
    expect((await t.call(`${TAGS}delete`, { ids: [id] }, owner.token)).body).toMatchObject({ code: 0, msg: '删除成功' });
    expect(await tagIdsOf(m)).toEqual([]);
    const logs = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, owner.renterId), eq(operLogs.action, '删除标签')));
    expect(logs).toHaveLength(1);
  });
});

describe('groups', () => {
  it('saves a group with its count, refuses a taken name and a group without conditions', async () => {
    const r = await t.call(`${C}SaveGroup`, { name: '大客户', rule: bigSpender, remark: '重点' }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '保存成功' });
    const g = await t.ok(`${C}GetGroupInfo`, { id: r.body.data.id }, owner.token);
    expect(g).toMatchObject({ name: '大客户', rule: bigSpender, remark: '重点', memberCount: 2, addedCount: 0 });
    expect(g.countedAt).not.toBe('');
    expect((await t.call(`${C}SaveGroup`, { name: '大客户', rule: bigSpender }, owner.token)).body).toMatchObject({
      code: 1001,
      msg: '分组名称已存在',
    });
    expect((await t.call(`${C}SaveGroup`, { name: '空分组', rule: { op: 'and', items: [] } }, owner.token)).body).toMatchObject({
      code: 1001,
      msg: '请设置分组条件',
    });
    expect((await t.call(`${C}SaveGroup`, { name: '', rule: bigSpender }, owner.token)).body.msg).toContain('请输入分组名称');
    expect((await t.call(`${C}SaveGroup`, { name: '长'.repeat(21), rule: bigSpender }, owner.token)).body.msg).toContain(
      '分组名称不能超过20个字',
    );
    const bad = await t.call(
      `${C}SaveGroup`,
      { name: '坏条件', rule: { op: 'and', items: [{ field: 'spend', min: 10, max: 1 }] } },
      owner.token,
    );
    expect(bad.body.msg).toContain('最小值不能大于最大值');
  });

  it('a group of hand-added members may drop its conditions; GroupMembers lists rule and added members', async () => {
    const { id } = await t.ok(`${C}SaveGroup`, { name: '手动组', rule: bigSpender }, owner.token);
    const small = await member(owner, { spendFen: 1 });
    await t.db.insert(memberGroupLinks).values({ renterId: owner.renterId, groupId: id, memberId: small });
    await t.ok(`${C}SaveGroup`, { id, name: '手动组', rule: { op: 'and', items: [] } }, owner.token);
    const g = await t.ok(`${C}GetGroupInfo`, { id }, owner.token);
    expect(g).toMatchObject({ memberCount: 1, addedCount: 1 });
    const page = await t.ok(`${C}GroupMembers`, { id, page_index: 1, page_size: 10 }, owner.token);
    expect(page.total_count).toBe(1);
    expect(page.rows[0]).toMatchObject({ id: small, added: true, spend: 0.01 });
    await t.ok(`${C}SaveGroup`, { id, name: '手动组', rule: { op: 'and', items: [{ field: 'level', in: [gold] }] } }, owner.token);
    const both = await t.ok(`${C}GroupMembers`, { id }, owner.token);
    expect(both.total_count).toBe(2);
    expect(both.rows.find((r: { added: boolean }) => !r.added)).toMatchObject({ levelName: '黄金' });
  });

  it('CountRule counts the rule now, within the renter only', async () => {
    expect(await t.ok(`${C}CountRule`, { rule: bigSpender }, owner.token)).toEqual({ count: 2 });
    expect(await t.ok(`${C}CountRule`, { rule: bigSpender }, other.token)).toEqual({ count: 1 });
    const anyOtherTag = { op: 'and', items: [{ field: 'tags', match: 'any', ids: [otherTag] }] };
    expect(await t.ok(`${C}CountRule`, { rule: anyOtherTag }, owner.token)).toEqual({ count: 0 });
  });

  it('刷新人数 recounts a group after members change', async () => {
    const { id } = await t.ok(`${C}SaveGroup`, { name: '会刷新', rule: { op: 'and', items: [{ field: 'spend', min: 400 }] } }, owner.token);
    expect((await t.ok(`${C}GetGroupInfo`, { id }, owner.token)).memberCount).toBe(0);
    await member(owner, { spendFen: 60_000 });
    const r = await t.call(`${C}RefreshGroupCount`, { id }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '人数已刷新', data: { id, memberCount: 1 } });
  });

  it('lists with keyword and sorting by count', async () => {
    const page = await t.ok(`${C}GetGropList`, { sorter: [{ field: 'memberCount', order: 'descend' }] }, owner.token);
    const counts = page.rows.map((r: { memberCount: number }) => r.memberCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(page.rows.map((r: { name: string }) => r.name)).not.toContain('别家分组');
    expect((await t.ok(`${C}GetGropList`, { keyword: '大客' }, owner.token)).total_count).toBe(1);
  });

  it('RuleOptions lists the renter’s own levels, tags and cards', async () => {
    await t.db.insert(vipCards).values({ renterId: owner.renterId, name: '银卡', rights, cover: look });
    const o = await t.ok(`${C}RuleOptions`, {}, owner.token);
    expect(o.levels).toEqual([{ id: gold, name: '黄金', needpay: 0 }]);
    expect(o.cards.map((c: { name: string }) => c.name)).toEqual(['银卡']);
    expect(o.tags.map((c: { id: string }) => c.id)).not.toContain(otherTag);
  });

  it('another renter’s group or level answers like a missing one', async () => {
    for (const path of ['GetGroupInfo', 'RefreshGroupCount', 'GroupMembers'])
      expect((await t.call(`${C}${path}`, { id: otherGroup }, owner.token)).body).toMatchObject({ code: 1004, msg: '分组不存在' });
    expect((await t.call(`${C}DelGroups`, { ids: [otherGroup] }, owner.token)).body).toMatchObject({ code: 1004 });
    expect((await t.call(`${C}SaveGroup`, { id: otherGroup, name: '抢', rule: bigSpender }, owner.token)).body).toMatchObject({
      code: 1004,
    });
    const lv = await t.call(
      `${C}SaveGroup`,
      { name: '别家等级组', rule: { op: 'or', items: [{ field: 'level', in: [otherLevel] }] } },
      owner.token,
    );
    expect(lv.body).toMatchObject({ code: 1001, msg: '所选会员等级不存在' });
    expect((await t.ok(`${C}GetGroupInfo`, { id: otherGroup }, other.token)).name).toBe('别家分组');
  });

  it('deletes groups (their hand-added links go, members stay)', async () => {
    const { id } = await t.ok(`${C}SaveGroup`, { name: '删我', rule: bigSpender }, owner.token);
    const m = await member(owner);
    await t.db.insert(memberGroupLinks).values({ renterId: owner.renterId, groupId: id, memberId: m });
    expect((await t.call(`${C}DelGroups`, { ids: [id] }, owner.token)).body).toMatchObject({ code: 0, msg: '删除成功' });
    expect(await t.db.select().from(memberGroupLinks).where(eq(memberGroupLinks.groupId, id))).toEqual([]);
    expect(await t.db.select().from(members).where(eq(members.id, m))).toHaveLength(1);
  });
});

describe('permissions', () => {
  it('a view-only role reads but is refused every write', async () => {
    const viewer = await t.addMember(owner.renterId, ['labeltag', 'mebgroup'], { exact: true });
    expect((await t.call(`${TAGS}list`, {}, viewer.token)).body.code).toBe(0);
    expect((await t.call(`${C}GetGropList`, {}, viewer.token)).body.code).toBe(0);
    expect((await t.call(`${C}CountRule`, { rule: bigSpender }, viewer.token)).body.code).toBe(0);
    const [tag] = await t.db.select().from(memberTags).where(eq(memberTags.renterId, owner.renterId)).limit(1);
    const group = (await t.ok(`${C}GetGropList`, {}, owner.token)).rows[0];
    const writes: [string, unknown][] = [
      [`${TAGS}save`, { name: '店员建', kind: 1 }],
      [`${TAGS}delete`, { ids: [tag.id] }],
      [`${TAGS}refresh`, { id: tag.id }],
      [`${C}SaveGroup`, { name: '店员建', rule: bigSpender }],
      [`${C}DelGroups`, { ids: [group.id] }],
      [`${C}RefreshGroupCount`, { id: group.id }],
    ];
    for (const [path, body] of writes)
      expect((await t.call(path, body, viewer.token)).body, path).toMatchObject({ code: 1003, msg: '没有权限执行此操作' });
    expect((await t.ok(`${TAGS}detail`, { id: tag.id }, owner.token)).name).toBe(tag.name);
  });

  it('the rule editor calls are open to either screen’s viewers, not to others', async () => {
    const tagsOnly = await t.addMember(owner.renterId, ['labeltag'], { exact: true });
    expect((await t.call(`${C}RuleOptions`, {}, tagsOnly.token)).body.code).toBe(0);
    const neither = await t.addMember(owner.renterId, ['Unit']);
    expect((await t.call(`${C}CountRule`, { rule: bigSpender }, neither.token)).body.code).toBe(1003);
  });
});
