import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices, users } from '@/db/schema';
import { answersOf, createForm, DEMO, makeApp, payBySandbox, type Person, type TestApp } from './helper';

let t: TestApp;
let demoToken: string;
beforeAll(async () => {
  t = await makeApp();
  await t.seedDemo();
  demoToken = await t.login(DEMO.phone, DEMO.password);
});
afterAll(() => t.close());

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
type Notice = { id: string; order: string; time: string; read: boolean };

/** Adds notices to an enterprise after the ones it has, oldest first, a second apart. */
async function addNotices(p: Person, titles: string[], userId?: string) {
  const start = Date.now();
  await t.db.insert(notices).values(
    titles.map((title, i) => ({
      renterId: p.renterId,
      userId,
      title,
      content: `${title}的内容`,
      createdAt: new Date(start + (i + 1) * 1000),
    })),
  );
}

describe('GetPreverInfo', () => {
  it('answers empty platform paths until a platform is authorised, and the H5 shop of the caller’s shop', async () => {
    const login = await t.call('/api/Login/LoginByPwd', { phone: DEMO.phone, pwd: DEMO.password });
    const shopId = login.body.data.self.shopID;
    const webpath = `${t.config.publicUrl}/h5/shop/${shopId}`;
    expect(shopId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await t.ok('/Index/Home/GetPreverInfo', { url: '/pages/index/index' }, demoToken)).toEqual({
      xcxpath: '',
      gzhpath: '',
      webpath,
    });
    expect(await t.ok('/Index/Home/GetPreverInfo', {}, demoToken)).toEqual({ xcxpath: '', gzhpath: '', webpath });
  });

  it('refuses an over-long url, naming the field', async () => {
    const r = await t.call('/Index/Home/GetPreverInfo', { url: 'x'.repeat(501) }, demoToken);
    expect(r.body.code).toBe(1001);
    expect(r.body.msg).toMatch(/^地址：/);
  });
});

describe('GetNotice', () => {
  it("lists the enterprise's notices, newest first, as “title：content”", async () => {
    const list: Notice[] = await t.ok('/Index/Home/GetNotice', {}, demoToken);
    expect(list.map((n) => n.order)).toEqual([
      '上手指引：可先在「个人设置」完善姓名与头像，再按帮助指引配置店铺。',
      `欢迎使用：企业「${DEMO.enterprise}」已开通，免费试用 15 天。`,
    ]);
    for (const n of list) {
      expect(n.time).toMatch(TIME);
      expect(n.read).toBe(false);
    }
  });

  it('shows at most the latest 20', async () => {
    const p = await t.registerOwner('通知很多的店');
    await addNotices(
      p,
      Array.from({ length: 25 }, (_, i) => `第${i + 1}条`),
    );
    const list: Notice[] = await t.ok('/Index/Home/GetNotice', {}, p.token);
    expect(list).toHaveLength(20);
    expect(list[0].order).toBe('第25条：第25条的内容');
    expect(list[19].order).toBe('第6条：第6条的内容');
  });

  it("shows a member's personal notice to that member only", async () => {
    const owner = await t.registerOwner('个人通知店');
    const member = await t.addMember(owner.renterId, ['dashboard']);
    await addNotices(owner, ['只给店员'], member.userId);
    const forMember: Notice[] = await t.ok('/Index/Home/GetNotice', {}, member.token);
    const forOwner: Notice[] = await t.ok('/Index/Home/GetNotice', {}, owner.token);
    expect(forMember.map((n) => n.order)).toContain('只给店员：只给店员的内容');
    expect(forOwner.map((n) => n.order)).not.toContain('只给店员：只给店员的内容');
  });
});

describe('GetNoticePage', () => {
  let p: Person;
  beforeAll(async () => {
    p = await t.registerOwner('分页通知店');
    await addNotices(p, ['活动开始', '库存预警', '活动结束']);
  });

  it('pages the notices newest first with the total', async () => {
    const first = await t.ok('/Index/Home/GetNoticePage', { page_index: 1, page_size: 2 }, p.token);
    expect(first.total_count).toBe(4);
    expect(first.rows.map((n: Notice) => n.order)).toEqual(['活动结束：活动结束的内容', '库存预警：库存预警的内容']);
    const second = await t.ok('/Index/Home/GetNoticePage', { page_index: '2', page_size: '2' }, p.token);
    expect(second.rows.map((n: Notice) => n.order)).toEqual([
      '活动开始：活动开始的内容',
      '欢迎使用：企业「分页通知店」已创建，免费试用 15 天。',
    ]);
    const past = await t.ok('/Index/Home/GetNoticePage', { page_index: 3, page_size: 2 }, p.token);
    expect(past).toEqual({ rows: [], total_count: 4 });
  });

  it('defaults to the first page of 10', async () => {
    const d = await t.ok('/Index/Home/GetNoticePage', {}, p.token);
    expect(d.rows).toHaveLength(4);
  });

  it('filters by keyword in the title or the content, and by unread', async () => {
    const byKeyword = await t.ok('/Index/Home/GetNoticePage', { keyword: '活动' }, p.token);
    expect(byKeyword.total_count).toBe(2);
    const inContent = await t.ok('/Index/Home/GetNoticePage', { keyword: '预警的内' }, p.token);
    expect(inContent.rows.map((n: Notice) => n.order)).toEqual(['库存预警：库存预警的内容']);
    const [newest] = byKeyword.rows;
    await t.ok('/Index/Home/ReadNotice', { ids: [newest.id] }, p.token);
    const unread = await t.ok('/Index/Home/GetNoticePage', { unread: true }, p.token);
    expect(unread.total_count).toBe(3);
    expect(unread.rows.map((n: Notice) => n.id)).not.toContain(newest.id);
  });

  it.each([
    [{ page_index: 0 }, '页码必须大于0'],
    [{ page_size: 0 }, '每页条数必须大于0'],
    [{ page_size: 201 }, '每页条数不能超过200'],
    [{ keyword: '字'.repeat(101) }, '关键字不能超过100个字'],
  ])('refuses %j with “%s”', async (body, msg) => {
    expect((await t.call('/Index/Home/GetNoticePage', body, p.token)).body).toMatchObject({ code: 1001, msg });
  });
});

describe('ReadNotice', () => {
  it('marks the chosen notices read', async () => {
    const p = await t.registerOwner('已读测试店');
    await addNotices(p, ['甲', '乙']);
    const [newest, second] = (await t.ok('/Index/Home/GetNotice', {}, p.token)) as Notice[];
    const r = await t.call('/Index/Home/ReadNotice', { ids: [newest.id] }, p.token);
    expect(r.body).toMatchObject({ code: 0, data: null });
    const after: Notice[] = await t.ok('/Index/Home/GetNotice', {}, p.token);
    expect(after.find((n) => n.id === newest.id)?.read).toBe(true);
    expect(after.find((n) => n.id === second.id)?.read).toBe(false);
  });

  it('marks every notice read when no ids are given', async () => {
    const p = await t.registerOwner('全部已读店');
    await addNotices(p, ['甲', '乙']);
    await t.ok('/Index/Home/ReadNotice', {}, p.token);
    const after: Notice[] = await t.ok('/Index/Home/GetNotice', {}, p.token);
    expect(after).toHaveLength(3);
    expect(after.every((n) => n.read)).toBe(true);
    expect((await t.ok('/Index/Home/GetDashboard', {}, p.token)).unreadNotices).toBe(0);
  });

  it('refuses ids that are not notice ids, naming the field', async () => {
    const r = await t.call('/Index/Home/ReadNotice', { ids: ['abc'] }, demoToken);
    expect(r.body.code).toBe(1001);
    expect(r.body.msg).toMatch(/^选中的数据：/);
  });
});

describe('GetUserHead', () => {
  it('greets the user by name with the time of day', async () => {
    const head = await t.ok('/Index/Home/GetUserHead', {}, demoToken);
    expect(head.headimg).toBe('');
    expect(head.txt).toMatch(/^(夜深了|上午好|下午好|晚上好)，演示店主$/);
  });
});

describe('GetProfile and SaveProfile', () => {
  it("shows the user's profile in the current enterprise", async () => {
    const profile = await t.ok('/Index/Home/GetProfile', {}, demoToken);
    expect(profile).toMatchObject({
      name: '演示店主',
      phone: DEMO.phone,
      headimg: '',
      roleName: '超级管理员',
      renterName: DEMO.enterprise,
    });
    expect(profile.createTime).toMatch(TIME);
    expect(profile.lastLoginTime).toMatch(TIME);
  });

  it('saves the name and avatar, and the header shows them', async () => {
    const p = await t.registerOwner('资料店');
    const r = await t.call('/Index/Home/SaveProfile', { name: '  王小明 ', headimg: '/file/avatar/1.png' }, p.token);
    expect(r.body).toEqual({ code: 0, msg: '保存成功', data: null });
    expect(await t.ok('/Index/Home/GetProfile', {}, p.token)).toMatchObject({ name: '王小明', headimg: '/file/avatar/1.png' });
    const head = await t.ok('/Index/Home/GetUserHead', {}, p.token);
    expect(head.headimg).toBe('/file/avatar/1.png');
    expect(head.txt).toMatch(/，王小明$/);
  });

  it('drops fields it does not know, such as the phone', async () => {
    const p = await t.registerOwner('字段店');
    await t.ok('/Index/Home/SaveProfile', { name: '李四', phone: '13900000000' }, p.token);
    const [u] = await t.db.select().from(users).where(eq(users.id, p.userId));
    expect(u.phone).toBe(p.phone);
    expect(u.name).toBe('李四');
  });

  it.each([
    [{}, '请输入姓名'],
    [{ name: '   ' }, '请输入姓名'],
    [{ name: '名'.repeat(21) }, '姓名不能超过20个字'],
    [{ name: '张三', headimg: `/${'x'.repeat(500)}` }, '头像地址过长'],
  ])('refuses %j with “%s”', async (body, msg) => {
    expect((await t.call('/Index/Home/SaveProfile', body, demoToken)).body).toMatchObject({ code: 1001, msg });
  });
});

describe('GetDashboard', () => {
  it("shows the enterprise's figures", async () => {
    const d = await t.ok('/Index/Home/GetDashboard', {}, demoToken);
    expect(d).toMatchObject({ shopname: DEMO.enterprise, staffCount: 1, roleCount: 1, unreadNotices: 2, timeend: 15 });
    expect(d.serviceendtime).toMatch(TIME);
    expect(d.loginTrend).toHaveLength(7);
    const days = d.loginTrend.map((x: { day: string }) => Date.parse(`${x.day}T00:00:00Z`));
    for (let i = 1; i < 7; i++) expect(days[i] - days[i - 1]).toBe(86_400_000);
    expect(d.loginsToday).toBe(d.loginTrend[6].count);
    expect(d.recentOperations.at(-1)).toMatchObject({ who: '演示店主', action: '创建企业' });
  });

  it('counts a new login into the enterprise today', async () => {
    const before = await t.ok('/Index/Home/GetDashboard', {}, demoToken);
    const total = (d: { loginTrend: { count: number }[] }) => d.loginTrend.reduce((a, x) => a + x.count, 0);
    await t.login(DEMO.phone, DEMO.password);
    const after = await t.ok('/Index/Home/GetDashboard', {}, demoToken);
    expect(after.loginsToday).toBe(before.loginsToday + 1);
    expect(total(after)).toBe(total(before) + 1);
    // the demo seeds 8 logins over the last 7 days, plus the logins of this file
    expect(total(before)).toBeGreaterThanOrEqual(9);
  });

  it('counts the active staff and roles, and lists recent operations', async () => {
    const owner = await t.registerOwner('员工店');
    const member = await t.addMember(owner.renterId, ['dashboard']);
    await t.ok('/Index/Home/SaveProfile', { name: '店长' }, owner.token);
    const d = await t.ok('/Index/Home/GetDashboard', {}, member.token);
    expect(d).toMatchObject({ shopname: '员工店', staffCount: 2, roleCount: 2 });
    expect(d.recentOperations[0]).toMatchObject({ who: '店长', action: '修改个人设置' });
    expect(d.recentOperations[0].time).toMatch(TIME);
  });

  it("counts today's form submissions, the orders to verify and the money paid for forms", async () => {
    const owner = await t.registerOwner('表单概况店');
    const free = await createForm(t, owner.token, { formName: '免费活动' });
    const paid = await createForm(t, owner.token, { formName: '付费课程', needPay: 1, price: 12.5, needVerify: true });
    await createForm(t, owner.token, { formName: '已停用', state: 0 });
    const empty = await t.ok('/Index/Home/GetDashboard', {}, owner.token);
    expect(empty).toMatchObject({ activeForms: 2, submissionsToday: 0, ordersToVerify: 0, paidToday: 0 });
    await t.ok('/Order/FromOrder/Create', { id: free, visitor: 'visitor-dash-1', answers: answersOf('甲') });
    const order = await t.ok('/Order/FromOrder/Create', { id: paid, visitor: 'visitor-dash-2', answers: answersOf('乙') });
    await payBySandbox(t, order.qr_code);
    const d = await t.ok('/Index/Home/GetDashboard', {}, owner.token);
    expect(d).toMatchObject({ activeForms: 2, submissionsToday: 2, ordersToVerify: 1, paidToday: 12.5 });
  });
});
