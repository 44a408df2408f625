import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operLogs, returnAddresses } from '@/db/schema';
import { AREA, makeApp, type Person, type TestApp } from './helper';
import { raceIt } from './race';

let t: TestApp;
let owner: Person;
let other: Person;

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('退货店'), t.registerOwner('隔壁退货店')]);
});
afterAll(() => t.close());

const P = '/Config/Shop/';
const LIST = `${P}GetReturnAddressList`;
const SAVE = `${P}SaveReturnAddress`;
const DEL = `${P}DelReturnAddress`;
const DEFAULT = `${P}SetDefaultReturnAddress`;
const MISSING = '00000000-0000-4000-8000-000000000000';

interface Row {
  id: string;
  name: string;
  phone: string;
  areaName: string;
  isDefault: number;
}

const address = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  phone: '13912345678',
  area: AREA,
  address: `${name}的仓库 1 号门`,
  ...over,
});

async function add(token: string, name: string, over: Record<string, unknown> = {}): Promise<string> {
  return (await t.ok(SAVE, address(name, over), token)).id;
}
async function rows(token: string, body: Record<string, unknown> = {}): Promise<Row[]> {
  return (await t.ok(LIST, { page_size: 50, ...body }, token)).rows;
}
/** 'name*' for the default, top to bottom. */
async function shown(token: string): Promise<string[]> {
  return (await rows(token)).map((r) => (r.isDefault ? `${r.name}*` : r.name));
}
async function defaults(renterId: string) {
  return t.db
    .select()
    .from(returnAddresses)
    .where(and(eq(returnAddresses.renterId, renterId), eq(returnAddresses.isDefault, true)));
}

describe('save and list', () => {
  it('makes the first address the default, lists the default first and then the newest, with area names', async () => {
    const shop = await t.registerOwner('地址店');
    expect((await t.ok(LIST, {}, shop.token)).total_count).toBe(0);
    const r = await t.call(SAVE, address('张三'), shop.token);
    expect(r.body).toMatchObject({ code: 0, msg: '保存成功' });
    await add(shop.token, '李四');
    await add(shop.token, '王五', { phone: '0571-88888888' });
    expect(await shown(shop.token)).toEqual(['张三*', '王五', '李四']);
    const [first] = await rows(shop.token);
    expect(first).toMatchObject({ areaName: '广东省 深圳市 南山区', phone: '13912345678', area: AREA, address: '张三的仓库 1 号门' });
  });

  it('makes a new address the default when asked, leaving exactly one default', async () => {
    const shop = await t.registerOwner('新默认店');
    await add(shop.token, '甲');
    await add(shop.token, '乙', { isDefault: 1 });
    expect(await shown(shop.token)).toEqual(['乙*', '甲']);
    expect(await defaults(shop.renterId)).toHaveLength(1);
  });

  it('edits an address in place and logs before and after', async () => {
    const shop = await t.registerOwner('编辑地址店');
    const id = await add(shop.token, '旧联系人');
    await add(shop.token, '其他');
    await t.ok(SAVE, { ...address('新联系人'), id, isDefault: 0 }, shop.token);
    const list = await rows(shop.token);
    expect(list.find((r) => r.id === id)).toMatchObject({ name: '新联系人', isDefault: 1 });
    const [log] = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.recordId, id), eq(operLogs.action, '编辑退货地址')));
    expect(log).toMatchObject({ module: 'shop', before: { name: '旧联系人' }, after: { name: '新联系人', isDefault: true } });
  });

  it('makes an edited address the default when asked', async () => {
    const shop = await t.registerOwner('编辑默认店');
    await add(shop.token, '一');
    const two = await add(shop.token, '二');
    await t.ok(SAVE, { ...address('二'), id: two, isDefault: 1 }, shop.token);
    expect(await shown(shop.token)).toEqual(['二*', '一']);
  });

  it('finds addresses by contact, phone or address, and pages on the server', async () => {
    const shop = await t.registerOwner('找地址店');
    for (let i = 1; i <= 12; i++) await add(shop.token, `联系人${i}`, { phone: `1391234${String(i).padStart(4, '0')}` });
    const page2 = await t.ok(LIST, { page_index: 2, page_size: 10 }, shop.token);
    expect(page2.total_count).toBe(12);
    expect(page2.rows).toHaveLength(2);
    expect((await t.ok(LIST, { keyword: '联系人12' }, shop.token)).rows.map((r: Row) => r.name)).toEqual(['联系人12']);
    expect((await t.ok(LIST, { keyword: '13912340007' }, shop.token)).rows.map((r: Row) => r.name)).toEqual(['联系人7']);
    expect((await t.ok(LIST, { keyword: '联系人3的仓库' }, shop.token)).total_count).toBe(1);
  });

  it.each([
    ['a missing contact', { name: '' }, '请输入联系人', 'name'],
    ['a contact over 20 characters', { name: '名'.repeat(21) }, '联系人不能超过20个字', 'name'],
    ['a missing phone', { phone: '' }, '请输入联系电话', 'phone'],
    [
      'a phone that is neither mobile nor landline',
      { phone: '400-123-4567' },
      '联系电话格式不正确，请填写手机号或固话（如 0571-88888888）',
      'phone',
    ],
    ['a missing area', { area: [] }, '请选择所在地区', 'area'],
    ['an area that is not a catalogue path', { area: ['44', '4403', '110101'] }, '所在地区不正确', 'area'],
    ['a missing address', { address: ' ' }, '请输入详细地址', 'address'],
  ])('refuses %s under its field', async (_c, over, msg, field) => {
    const r = await t.call(SAVE, { ...address('某人'), ...over }, owner.token);
    expect(r.body).toMatchObject({ code: 1001, msg });
    expect(r.body.data.errors).toContainEqual({ field, msg });
  });

  it('refuses a 51st address', async () => {
    const shop = await t.registerOwner('地址很多店');
    await t.db.insert(returnAddresses).values(
      Array.from({ length: 50 }, (_, i) => ({
        renterId: shop.renterId,
        name: `人${i}`,
        phone: '13912345678',
        area: AREA,
        address: '某处',
      })),
    );
    expect((await t.call(SAVE, address('第51个'), shop.token)).body).toMatchObject({ code: 1001, msg: '退货地址最多50个' });
  });
});

describe('default rules', () => {
  it('switches the default with SetDefaultReturnAddress', async () => {
    const shop = await t.registerOwner('切换默认店');
    await add(shop.token, 'A');
    const b = await add(shop.token, 'B');
    const r = await t.call(DEFAULT, { id: b }, shop.token);
    expect(r.body).toMatchObject({ code: 0, msg: '设置成功' });
    expect(await shown(shop.token)).toEqual(['B*', 'A']);
    // Again on the default: nothing changes.
    await t.ok(DEFAULT, { id: b }, shop.token);
    expect(await defaults(shop.renterId)).toHaveLength(1);
  });

  it('makes the newest remaining address the default when the default is deleted', async () => {
    const shop = await t.registerOwner('删默认店');
    const a = await add(shop.token, 'A');
    await add(shop.token, 'B');
    await add(shop.token, 'C');
    const d = await add(shop.token, 'D');
    await t.ok(DEFAULT, { id: d }, shop.token);
    const r = await t.call(DEL, { id: d }, shop.token);
    expect(r.body).toMatchObject({ code: 0, msg: '删除成功!' });
    expect(await shown(shop.token)).toEqual(['C*', 'B', 'A']);
    // Deleting one that is not the default leaves the default alone.
    await t.ok(DEL, { id: a }, shop.token);
    expect(await shown(shop.token)).toEqual(['C*', 'B']);
  });

  it('leaves no default when the last address is deleted, and the next one added becomes it', async () => {
    const shop = await t.registerOwner('删光店');
    const only = await add(shop.token, '唯一');
    await t.ok(DEL, { id: only }, shop.token);
    expect(await shown(shop.token)).toEqual([]);
    await add(shop.token, '再来');
    expect(await shown(shop.token)).toEqual(['再来*']);
  });

  raceIt('keeps exactly one default under concurrent SetDefault calls', async () => {
    const shop = await t.registerOwner('并发默认店');
    const ids: string[] = [];
    for (const n of ['一', '二', '三', '四', '五', '六']) ids.push(await add(shop.token, n));
    const answers = await Promise.all(ids.flatMap((id) => [t.call(DEFAULT, { id }, shop.token), t.call(DEFAULT, { id }, shop.token)]));
    expect(answers.map((a) => a.body.code)).toEqual(Array(12).fill(0));
    expect(await defaults(shop.renterId)).toHaveLength(1);
  });

  raceIt('keeps exactly one default when adding first addresses and deleting the default at the same time', async () => {
    const shop = await t.registerOwner('并发新增店');
    const answers = await Promise.all(['一', '二', '三', '四'].map((n) => t.call(SAVE, address(n), shop.token)));
    expect(answers.map((a) => a.body.code)).toEqual([0, 0, 0, 0]);
    expect(await defaults(shop.renterId)).toHaveLength(1);
    const [def] = await defaults(shop.renterId);
    const rest = (await rows(shop.token)).filter((r) => r.id !== def.id);
    await Promise.all([t.call(DEL, { id: def.id }, shop.token), ...rest.map((r) => t.call(DEFAULT, { id: r.id }, shop.token))]);
    expect(await defaults(shop.renterId)).toHaveLength(1);
  });
});

describe('tenancy and access', () => {
  it('treats another enterprise’s address as missing', async () => {
    const theirs = await add(other.token, '别人的地址');
    const missing = { code: 1004, msg: '退货地址不存在' };
    expect((await t.call(SAVE, { ...address('改掉'), id: theirs }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(DEL, { id: theirs }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(DEFAULT, { id: theirs }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(DEL, { id: MISSING }, owner.token)).body).toMatchObject(missing);
    expect((await t.ok(LIST, { keyword: '别人的地址' }, owner.token)).total_count).toBe(0);
    expect(await shown(other.token)).toEqual(['别人的地址*']);
  });

  it('each enterprise has its own default', async () => {
    const mine = await add(owner.token, '我的地址');
    await t.ok(DEFAULT, { id: mine }, owner.token);
    expect(await defaults(other.renterId)).toHaveLength(1);
    expect((await defaults(owner.renterId))[0].id).toBe(mine);
  });

  it('needs 删除 to delete and 编辑 to save or set the default', async () => {
    const id = await add(owner.token, '权限地址');
    const viewer = await t.addMember(owner.renterId, ['editreaddress'], { exact: true });
    expect((await rows(viewer.token)).some((r) => r.id === id)).toBe(true);
    for (const [path, body] of [
      [SAVE, address('店员')],
      [DEFAULT, { id }],
      [DEL, { id }],
    ] as const)
      expect((await t.call(path, body, viewer.token)).body, path).toMatchObject({ code: 1003 });
    const editor = await t.addMember(owner.renterId, ['editreaddress', 'editreaddress:edit'], { exact: true });
    await t.ok(DEFAULT, { id }, editor.token);
    expect((await t.call(DEL, { id }, editor.token)).body).toMatchObject({ code: 1003 });
    const deleter = await t.addMember(owner.renterId, ['editreaddress', 'editreaddress:delete'], { exact: true });
    await t.ok(DEL, { id }, deleter.token);
    expect(await defaults(owner.renterId)).toHaveLength(1);
  });
});
