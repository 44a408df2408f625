import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLogs, operLogs, userBinds, users } from '@/db/schema';
import { registerAccountRoutes } from '@/modules/account';
import { parseUserAgent } from '@/modules/account/user-agent';
import { AREA, makeApp, newPhone, type Person, PWD, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;
/** The development WeChat platform's pages, on their own Fastify over the same database and services. */
let dev: FastifyInstance;

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('账号店'), t.registerOwner('隔壁账号店')]);
  dev = Fastify();
  await registerAccountRoutes(dev, { db: t.db, services: t.services });
  await dev.ready();
});
afterAll(async () => {
  await dev.close();
  await t.close();
});

const P = '/Sys/Staff/';
const NO_RIGHT = { code: 1003, msg: '没有权限执行此操作' };
const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const INFO_BODY = {
  name: '账号店（新）',
  logo: '/file/logo.png',
  industry: '1',
  area: AREA,
  contactName: '王经理',
  contactPhone: '13912345678',
  address: '科技园一路 1 号',
};

describe('企业信息', () => {
  it('saves every field and the shell shows the new name; the change is logged', async () => {
    const shop = await t.registerOwner('改名前');
    const r = await t.call(`${P}SetRenterInfo`, INFO_BODY, shop.token);
    expect(r.body).toMatchObject({ code: 0, msg: '保存成功' });
    const info = await t.ok(`${P}GetRenterInfo`, {}, shop.token);
    expect(info).toMatchObject({ ...INFO_BODY, areaName: '广东省 / 深圳市 / 南山区' });
    expect(info.industryName).not.toBe('');
    expect((await t.ok('/Sys/Staff/GetUserInfo', {}, shop.token)).version.shopname).toBe('账号店（新）');
    const [log] = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, shop.renterId), eq(operLogs.action, '编辑企业信息')));
    expect(log.before).toMatchObject({ name: '改名前' });
    expect(log.after).toMatchObject({ name: '账号店（新）', contactPhone: '13912345678' });
  });

  it('refuses each bad field with a message naming it', async () => {
    const bad = async (over: Record<string, unknown>) => (await t.call(`${P}SetRenterInfo`, { ...INFO_BODY, ...over }, owner.token)).body;
    expect(await bad({ name: ' ' })).toMatchObject({ code: 1001, msg: '请输入企业名称' });
    expect(await bad({ name: '企'.repeat(31) })).toMatchObject({ code: 1001, msg: '企业名称不能超过30个字' });
    expect(await bad({ contactPhone: '12345678901' })).toMatchObject({ code: 1001, msg: '联系电话格式不正确' });
    expect(await bad({ industry: '' })).toMatchObject({ code: 1001, msg: '请选择所属行业' });
    expect(await bad({ industry: 'nope' })).toMatchObject({ code: 1001, msg: '请选择所属行业' });
    expect(await bad({ area: [] })).toMatchObject({ code: 1001, msg: '请选择所在地区' });
    // A city not under the province.
    expect(await bad({ area: ['44', '1101'] })).toMatchObject({ code: 1001, msg: '请选择所在地区' });
    expect(await bad({ logo: 'javascript:alert(1)' })).toMatchObject({ code: 1001, msg: '企业Logo地址不正确' });
    expect(await bad({ address: '址'.repeat(101) })).toMatchObject({ code: 1001, msg: '详细地址不能超过100个字' });
    expect((await t.ok(`${P}GetRenterInfo`, {}, owner.token)).name).toBe('账号店');
  });

  it('needs the renterinfo grant: view to read, edit to save', async () => {
    const viewer = await t.addMember(owner.renterId, ['renterinfo'], { exact: true });
    const none = await t.addMember(owner.renterId, ['Goodlist']);
    expect((await t.call(`${P}GetRenterInfo`, {}, viewer.token)).body.code).toBe(0);
    expect((await t.call(`${P}SetRenterInfo`, INFO_BODY, viewer.token)).body).toMatchObject(NO_RIGHT);
    expect((await t.call(`${P}GetRenterInfo`, {}, none.token)).body).toMatchObject(NO_RIGHT);
    expect((await t.call(`${P}GetRenterInfo`, {})).status).toBe(401);
  });

  it("changes only the caller's enterprise", async () => {
    await t.ok(`${P}SetRenterInfo`, { ...INFO_BODY, name: '隔壁改名' }, other.token);
    expect((await t.ok(`${P}GetRenterInfo`, {}, owner.token)).name).toBe('账号店');
  });

  it('GetAllArea lists provinces, then the children of a code', async () => {
    const provinces = await t.ok(`${P}GetAllArea`, {}, owner.token);
    expect(provinces.find((a: { code: string }) => a.code === '44')).toMatchObject({ name: '广东省', leaf: false });
    const districts = await t.ok(`${P}GetAllArea`, { code: '4403' }, owner.token);
    expect(districts.find((a: { code: string }) => a.code === '440305')).toMatchObject({ name: '南山区', leaf: true });
  });
});

describe('登录信息', () => {
  it("lists only the caller's own logins, newest first, with device, browser and result", async () => {
    const me = await t.addMember(owner.renterId, ['Goodlist']);
    await t.call('/api/Login/LoginByPwd', { phone: me.phone, pwd: 'wrong1234' });
    await t.app.inject({
      method: 'POST',
      url: '/api/Login/LoginByPwd',
      headers: { 'user-agent': IPHONE_UA },
      payload: { phone: me.phone, pwd: PWD },
    });
    // Someone else's login in the same enterprise stays out.
    await t.login(owner.phone, PWD);
    const list = await t.ok(`${P}GetLoginLogList`, {}, me.token);
    expect(list.total_count).toBe(3);
    expect(list.rows.map((r: { result: string }) => r.result)).toEqual(['成功', '失败', '成功']);
    expect(list.rows[0]).toMatchObject({ device: '手机', os: 'iOS 17.5', browser: 'Safari 17', wayText: '密码登录', ok: true });
    expect(list.rows[1]).toMatchObject({ result: '失败', reason: '密码错误' });
    expect(list.rows[0].time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const failed = await t.ok(`${P}GetLoginLogList`, { ok: 0 }, me.token);
    expect(failed.rows.map((r: { reason: string }) => r.reason)).toEqual(['密码错误']);
  });

  it('filters by time range and pages', async () => {
    const me = await t.addMember(owner.renterId, ['Goodlist']);
    const [u] = await t.db.select().from(users).where(eq(users.phone, me.phone));
    await t.db.insert(loginLogs).values({
      userId: u.id,
      phone: me.phone,
      way: 'sms',
      ok: true,
      userAgent: CHROME_UA,
      createdAt: new Date('2024-03-01T02:00:00Z'),
    });
    const march = await t.ok(`${P}GetLoginLogList`, { stime: '2024-03-01 00:00:00', endtime: '2024-03-01 23:59:59' }, me.token);
    expect(march.rows).toHaveLength(1);
    expect(march.rows[0]).toMatchObject({ time: '2024-03-01 10:00:00', wayText: '验证码登录', device: '电脑', browser: 'Chrome 126' });
    const page2 = await t.ok(`${P}GetLoginLogList`, { page_index: 2, page_size: 1 }, me.token);
    expect(page2).toMatchObject({ total_count: 2, rows: [{ time: '2024-03-01 10:00:00' }] });
    expect((await t.call(`${P}GetLoginLogList`, { stime: '昨天' }, me.token)).body).toMatchObject({
      code: 1001,
      msg: '开始时间格式不正确',
    });
  });

  it('reads user agents', () => {
    expect(parseUserAgent('')).toEqual({ device: '未知设备', os: '未知系统', browser: '未知浏览器' });
    expect(parseUserAgent(CHROME_UA)).toEqual({ device: '电脑', os: 'Windows 10', browser: 'Chrome 126' });
  });
});

describe('账号绑定: phone', () => {
  it('changes the login phone with a code sent to the new phone', async () => {
    const me = await t.addMember(owner.renterId, ['Goodlist']);
    const bind = await t.ok(`${P}GetUserBind`, {}, me.token);
    expect(bind).toEqual({ phone: `${me.phone.slice(0, 3)}****${me.phone.slice(7)}`, wechat: null });
    const next = newPhone();
    expect((await t.call(`${P}getSmsCode`, { phone: next }, me.token)).body).toMatchObject({ code: 0, msg: '验证码发送成功' });
    expect(
      (await t.call(`${P}UpdatePhone`, { phone: next, code: '000000' === t.smsCode(next) ? '111111' : '000000' }, me.token)).body,
    ).toMatchObject({
      code: 1,
      msg: '验证码错误',
    });
    expect((await t.call(`${P}UpdatePhone`, { phone: next, code: t.smsCode(next) }, me.token)).body).toMatchObject({
      code: 0,
      msg: '手机号更换成功',
    });
    expect((await t.call('/api/Login/LoginByPwd', { phone: me.phone, pwd: PWD })).body.code).not.toBe(0);
    expect((await t.call('/api/Login/LoginByPwd', { phone: next, pwd: PWD })).body.code).toBe(0);
    const [log] = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.userId, me.userId), eq(operLogs.action, '更换手机号')));
    expect(log.renterId).toBe(owner.renterId);
  });

  it('refuses a registered phone, the same phone and a bad one', async () => {
    const me = await t.addMember(owner.renterId, ['Goodlist']);
    expect((await t.call(`${P}getSmsCode`, { phone: other.phone }, me.token)).body).toMatchObject({ code: 1, msg: '该手机号已注册' });
    expect((await t.call(`${P}getSmsCode`, { phone: me.phone }, me.token)).body).toMatchObject({
      code: 1,
      msg: '新手机号不能与当前手机号相同',
    });
    expect((await t.call(`${P}UpdatePhone`, { phone: other.phone, code: '123456' }, me.token)).body).toMatchObject({
      code: 1,
      msg: '该手机号已注册',
    });
    expect((await t.call(`${P}UpdatePhone`, { phone: '1234', code: '123456' }, me.token)).body).toMatchObject({
      code: 1001,
      msg: '手机号格式不正确',
    });
    expect((await t.call(`${P}UpdatePhone`, { phone: newPhone(), code: '12' }, me.token)).body).toMatchObject({
      code: 1001,
      msg: '验证码为6位数字',
    });
  });
});

/** Scans the binding QR code on the development page and confirms as this WeChat user; answers the page. */
async function scan(url: string, openid: string, nickname = '小王') {
  const ticket = new URL(url).searchParams.get('ticket') ?? '';
  const page = await dev.inject({ method: 'GET', url: `/wechat/dev/scan?ticket=${encodeURIComponent(ticket)}` });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('确认绑定');
  return dev.inject({
    method: 'POST',
    url: '/wechat/dev/scan/confirm',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ticket, openid, nickname }).toString(),
  });
}

describe('账号绑定: WeChat through the development platform', () => {
  it('binds by scanning, shows it, refuses a second QR code, and unbinds', async () => {
    const me = await t.addMember(owner.renterId, ['Goodlist']);
    const qr = await t.ok(`${P}GetOfficial`, {}, me.token);
    expect(qr).toMatchObject({ dev: true, expireSeconds: 300 });
    expect(qr.url).toMatch(/\/wechat\/dev\/scan\?ticket=/);
    const done = await scan(qr.url, 'oDevOpenid0000000000000000001');
    expect(done.body).toContain('绑定成功');
    const bind = await t.ok(`${P}GetUserBind`, {}, me.token);
    expect(bind.wechat).toMatchObject({ nickname: '小王' });
    expect((await t.call(`${P}GetOfficial`, {}, me.token)).body).toMatchObject({ code: 1, msg: '当前账号已绑定微信，请先解绑' });
    const [log] = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.userId, me.userId), eq(operLogs.action, '绑定微信')));
    expect(log.renterId).toBe(owner.renterId);

    expect((await t.call(`${P}UnBindOfficial`, {}, me.token)).body).toMatchObject({ code: 0, msg: '解绑成功' });
    expect((await t.ok(`${P}GetUserBind`, {}, me.token)).wechat).toBeNull();
    expect((await t.call(`${P}UnBindOfficial`, {}, me.token)).body).toMatchObject({ code: 1, msg: '当前账号未绑定微信' });
  });

  it('refuses a WeChat already bound to another account, and a forged or expired ticket', async () => {
    const a = await t.addMember(owner.renterId, ['Goodlist']);
    const b = await t.addMember(owner.renterId, ['Goodlist']);
    await scan((await t.ok(`${P}GetOfficial`, {}, a.token)).url, 'oDevOpenid0000000000000000002');
    const again = await scan((await t.ok(`${P}GetOfficial`, {}, b.token)).url, 'oDevOpenid0000000000000000002');
    expect(again.body).toContain('该微信已绑定其他账号');
    expect(await t.db.select().from(userBinds).where(eq(userBinds.userId, b.userId))).toEqual([]);

    const forged = `${b.userId}.${b.renterId}.9999999999.AAAAAAAAAAAAAAAAAAAAAA`;
    const page = await dev.inject({ method: 'GET', url: `/wechat/dev/scan?ticket=${encodeURIComponent(forged)}` });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('二维码已过期');
  });
});

describe('操作日志', () => {
  it('lists the enterprise’s writes newest first, with who, and filters by staff, module, keyword and time', async () => {
    const shop = await t.registerOwner('日志店');
    const clerk = await t.addMember(shop.renterId, ['Unit']);
    await t.ok('/Goods/GoodUnit/save', { name: '件' }, clerk.token);
    await t.ok(`${P}SetRenterInfo`, { ...INFO_BODY, name: '日志店2' }, shop.token);
    await t.db.insert(operLogs).values({
      renterId: shop.renterId,
      userId: shop.userId,
      module: 'forms',
      action: '删除表单',
      ip: '10.0.0.1',
      createdAt: new Date('2024-01-02T04:00:00Z'),
    });
    const all = await t.ok(`${P}GetOperlogList`, {}, shop.token);
    expect(all.rows.map((r: { action: string }) => r.action).slice(0, 2)).toEqual(['编辑企业信息', '新建单位']);
    expect(all.rows.at(-1)).toMatchObject({ action: '删除表单', createTime: '2024-01-02 12:00:00', moduleName: '表单', ip: '10.0.0.1' });
    const unit = all.rows.find((r: { action: string }) => r.action === '新建单位');
    expect(unit).toMatchObject({ userId: clerk.userId, phone: clerk.phone, module: 'goods', moduleName: '商品' });
    expect(unit.userName).not.toBe('');

    const byClerk = await t.ok(`${P}GetOperlogList`, { userId: clerk.userId }, shop.token);
    expect(byClerk.rows.map((r: { action: string }) => r.action)).toEqual(['新建单位']);
    const byModule = await t.ok(`${P}GetOperlogList`, { module: 'account' }, shop.token);
    expect(byModule.rows.map((r: { action: string }) => r.action)).toEqual(['编辑企业信息']);
    const byKeyword = await t.ok(`${P}GetOperlogList`, { keyword: '单位' }, shop.token);
    expect(byKeyword.rows.map((r: { action: string }) => r.action)).toEqual(['新建单位']);
    const byTime = await t.ok(`${P}GetOperlogList`, { stime: '2024-01-01 00:00:00', endtime: '2024-01-31 23:59:59' }, shop.token);
    expect(byTime).toMatchObject({ total_count: 1, rows: [{ action: '删除表单' }] });

    const detail = await t.ok(`${P}GetOperlogDetail`, { id: byModule.rows[0].id }, shop.token);
    expect(detail.before).toMatchObject({ name: '日志店' });
    expect(detail.after).toMatchObject({ name: '日志店2' });
    // Another enterprise's entry is not found.
    expect((await t.call(`${P}GetOperlogDetail`, { id: byModule.rows[0].id }, other.token)).body).toMatchObject({
      code: 1004,
      msg: '日志不存在',
    });
    expect((await t.ok(`${P}GetOperlogList`, { userId: clerk.userId }, other.token)).total_count).toBe(0);

    const staffList = await t.ok(`${P}GetOperlogStaff`, {}, shop.token);
    expect(staffList.map((s: { userId: string }) => s.userId)).toEqual([shop.userId, clerk.userId]);
  });

  it('exports the current filter as xlsx with the record’s name and what changed', async () => {
    const shop = await t.registerOwner('导出日志店');
    await t.ok(`${P}SetRenterInfo`, { ...INFO_BODY, name: '导出日志店2' }, shop.token);
    await t.ok('/Goods/GoodUnit/save', { name: '盒' }, shop.token);
    const res = await t.app.inject({
      method: 'POST',
      url: `${P}ExportOperlog`,
      headers: { token: shop.token },
      payload: { module: 'account' },
    });
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/操作日志_\d{12}\.xlsx/);
    expect(res.headers['x-total-count']).toBe('1');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['操作时间', '操作人', '手机号', '模块', '操作', '记录', '修改内容', 'IP地址', '记录ID']);
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(2, 6)).toEqual([shop.phone, '企业与账号', '编辑企业信息', '导出日志店2']);
    expect(String(rows[1][6])).toContain('名称：导出日志店 → 导出日志店2');
    expect(rows[1][8]).toBe(shop.renterId);
  });

  it('needs the operlog grant; export needs operlog:export', async () => {
    const viewer = await t.addMember(owner.renterId, ['operlog'], { exact: true });
    expect((await t.call(`${P}GetOperlogList`, {}, viewer.token)).body.code).toBe(0);
    expect((await t.call(`${P}GetOperlogStaff`, {}, viewer.token)).body.code).toBe(0);
    expect((await t.call(`${P}ExportOperlog`, {}, viewer.token)).body).toMatchObject(NO_RIGHT);
    const none = await t.addMember(owner.renterId, ['Goodlist']);
    expect((await t.call(`${P}GetOperlogList`, {}, none.token)).body).toMatchObject(NO_RIGHT);
    expect((await t.call(`${P}GetOperlogList`, { userId: 'x' }, owner.token)).body).toMatchObject({ code: 1001, msg: '操作人不正确' });
  });
});

describe('every member has 登录信息 and 账号绑定', () => {
  it('answers them to a member without grants, and 401 without a token', async () => {
    const bare = await t.addMember(owner.renterId, [], { exact: true });
    for (const path of ['GetLoginLogList', 'GetUserBind', 'GetAllArea']) {
      expect((await t.call(`${P}${path}`, {}, bare.token)).body.code, path).toBe(0);
      expect((await t.call(`${P}${path}`, {})).status, path).toBe(401);
    }
    expect((await t.call(`${P}GetOfficial`, {}, bare.token)).body.code).toBe(0);
  });
});
