import { contract, EXPIRED_MSG, type EndpointMap } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSubmissions, forms } from '@/db/schema';
import { answersOf, createForm, FORM_FIELDS, formInput, makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('表单店'), t.registerOwner('隔壁店')]);
});
afterAll(() => t.close());

const LIST = '/FromRep/FormReposi/GetFromList';
const GET = '/FromRep/FormReposi/GetFrom';
const SAVE = '/FromRep/FormReposi/SaveFrom';
const DEL = '/FromRep/FormReposi/DelFrom';
const STATE = '/FromRep/FormReposi/UpStateFrom';
const CREATE = '/Order/FromOrder/Create';

let visitorSeq = 0;
const newVisitor = () => `visitor-${String(++visitorSeq).padStart(6, '0')}-${Math.random().toString(36).slice(2, 8)}`;

/** A customer submits the form on the public page. */
const submit = (formId: string, name = '张三') => t.ok(CREATE, { id: formId, visitor: newVisitor(), answers: answersOf(name) });

const formsOf = (renterId: string) => t.db.select().from(forms).where(eq(forms.renterId, renterId));

describe('SaveFrom and GetFrom', () => {
  it('creates a form numbered per enterprise and loads it back into the designer', async () => {
    const shop = await t.registerOwner('新开的店');
    const r = await t.call(
      SAVE,
      formInput({
        formName: '会员日报名',
        startTime: '2030-01-01 09:00:00',
        endTime: '2030-01-31 18:00:00',
        totalLimit: 100,
        personLimit: 2,
      }),
      shop.token,
    );
    expect(r.body).toMatchObject({ code: 0, msg: '保存成功' });
    const id = r.body.data.formID;
    const f = await t.ok(GET, { id }, shop.token);
    expect(f).toMatchObject({
      formID: id,
      frno: 'FR000001',
      formName: '会员日报名',
      description: '报名说明',
      startTime: '2030-01-01 09:00:00',
      endTime: '2030-01-31 18:00:00',
      totalLimit: 100,
      personLimit: 2,
      needPay: 0,
      price: 0,
      state: 1,
      applyCount: 0,
      fillUrl: `/h5/form/${id}`,
    });
    expect(f.fields.map((x: { label: string; kind: number }) => [x.label, x.kind])).toEqual(FORM_FIELDS.map((x) => [x.label, x.kind]));
    expect(f.fields.find((x: { id: string }) => x.id === 'sex').options).toEqual(['男', '女']);
    // The next form of that enterprise takes the next number; another enterprise counts on its own.
    const second = await createForm(t, shop.token);
    expect((await t.ok(GET, { id: second }, shop.token)).frno).toBe('FR000002');
  });

  it('starts a new form unpublished unless 生效 is asked for, and keeps the state of an edit that omits it', async () => {
    const { state: _s, ...noState } = formInput({ formName: '未发布' });
    const id = (await t.ok(SAVE, noState, owner.token)).formID;
    expect((await t.ok(GET, { id }, owner.token)).state).toBe(0);
    await t.ok(STATE, { ids: [id], status: 1 }, owner.token);
    await t.ok(SAVE, { ...noState, formID: id, formName: '已发布' }, owner.token);
    expect(await t.ok(GET, { id }, owner.token)).toMatchObject({ formName: '已发布', state: 1 });
  });

  it('saves changes to an existing form, keeping its number', async () => {
    const id = await createForm(t, owner.token, { formName: '旧名字' });
    const before = await t.ok(GET, { id }, owner.token);
    await t.ok(SAVE, formInput({ formID: id, formName: '新名字', needPay: 1, price: 19.9, needVerify: true }), owner.token);
    const after = await t.ok(GET, { id }, owner.token);
    expect(after).toMatchObject({ frno: before.frno, formName: '新名字', needPay: 1, price: 19.9, needVerify: true });
  });

  it.each([
    ['a missing name', { formName: undefined }, '请输入表单名称'],
    ['a blank name', { formName: '   ' }, '请输入表单名称'],
    ['a name over 40 characters', { formName: '名'.repeat(41) }, '表单名称不能超过40个字'],
    ['no fields at all', { fields: [] }, '请至少添加一个字段'],
    ['a field without a name', { fields: [{ id: 'a', label: '', kind: 1 }] }, '请输入字段名称'],
    [
      'two fields of the same name',
      {
        fields: [
          { id: 'a', label: '姓名', kind: 1 },
          { id: 'b', label: '姓名', kind: 2 },
        ],
      },
      '字段名称重复：姓名',
    ],
    ['a single choice with one option', { fields: [{ id: 's', label: '性别', kind: 6, options: ['男'] }] }, '字段「性别」至少需要两个选项'],
    ['a multiple choice without options', { fields: [{ id: 'h', label: '爱好', kind: 7 }] }, '字段「爱好」至少需要两个选项'],
    ['an end before the start', { startTime: '2030-02-01 00:00:00', endTime: '2030-01-01 00:00:00' }, '结束时间必须晚于开始时间'],
    ['an end equal to the start', { startTime: '2030-02-01 00:00:00', endTime: '2030-02-01 00:00:00' }, '结束时间必须晚于开始时间'],
    ['a start that is not a time', { startTime: '明天' }, '开始时间格式不正确'],
    ['a paid form without a price', { needPay: 1, price: 0 }, '付费表单请设置大于0的报名费用'],
    ['a price with three decimals', { needPay: 1, price: 1.234 }, '报名费用最多保留两位小数'],
    ['a negative price', { needPay: 1, price: -1 }, '报名费用不能小于0'],
    ['more per person than in total', { totalLimit: 3, personLimit: 5 }, '每人提交次数不能大于提交总量上限'],
    ['a negative total', { totalLimit: -1 }, '提交总量上限不能小于0'],
    ['no fields sent', { fields: undefined }, '请添加表单字段'],
    [
      'two fields of the same id',
      {
        fields: [
          { id: 'a', label: '姓名', kind: 1 },
          { id: 'a', label: '电话', kind: 3 },
        ],
      },
      '字段标识重复：a',
    ],
    ['a choice offered twice', { fields: [{ id: 's', label: '性别', kind: 6, options: ['男', '男'] }] }, '字段「性别」的选项重复'],
    ['an unknown field kind', { fields: [{ id: 'x', label: '其他', kind: 11 }] }, '字段类型不正确'],
  ])('refuses %s with its message and stores nothing', async (_case, over, msg) => {
    const before = (await formsOf(owner.renterId)).length;
    const r = await t.call(SAVE, formInput(over), owner.token);
    expect(r.status).toBe(200);
    expect(r.body.code).not.toBe(0);
    expect(r.body.msg).toBe(msg);
    expect(await formsOf(owner.renterId)).toHaveLength(before);
  });

  it('accepts a price with two decimals and a per-person limit when there is no total', async () => {
    const id = await createForm(t, owner.token, { needPay: 1, price: 0.29, personLimit: 3, totalLimit: 0 });
    expect(await t.ok(GET, { id }, owner.token)).toMatchObject({ needPay: 1, price: 0.29, personLimit: 3, totalLimit: 0 });
  });

  it('refuses to switch a form between paid and free once it has submissions, either way', async () => {
    const free = await createForm(t, owner.token, { formName: '免费活动' });
    // Before anyone submitted, the merchant may still change it.
    await t.ok(SAVE, formInput({ formID: free, formName: '免费活动', needPay: 1, price: 5 }), owner.token);
    await t.ok(SAVE, formInput({ formID: free, formName: '免费活动', needPay: 0 }), owner.token);
    await submit(free);
    const r = await t.call(SAVE, formInput({ formID: free, formName: '免费活动', needPay: 1, price: 5 }), owner.token);
    expect(r.body).toMatchObject({ code: 1001, msg: '表单已有提交，不能修改是否付费' });
    expect(await t.ok(GET, { id: free }, owner.token)).toMatchObject({ needPay: 0, price: 0 });

    const paid = await createForm(t, owner.token, { formName: '付费活动', needPay: 1, price: 9.9 });
    await submit(paid);
    const back = await t.call(SAVE, formInput({ formID: paid, formName: '付费活动', needPay: 0 }), owner.token);
    expect(back.body.msg).toBe('表单已有提交，不能修改是否付费');
    expect(await t.ok(GET, { id: paid }, owner.token)).toMatchObject({ needPay: 1, price: 9.9 });
    // Other changes still save.
    await t.ok(SAVE, formInput({ formID: paid, formName: '付费活动（改）', needPay: 1, price: 12 }), owner.token);
    expect(await t.ok(GET, { id: paid }, owner.token)).toMatchObject({ formName: '付费活动（改）', price: 12 });
  });
});

describe('keyword search', () => {
  it('takes % and _ in a keyword literally', async () => {
    const shop = await t.registerOwner('百分店');
    await createForm(t, shop.token, { formName: '满100%返现' });
    await createForm(t, shop.token, { formName: '满100元返现' });
    await createForm(t, shop.token, { formName: 'a_b 活动' });
    await createForm(t, shop.token, { formName: 'axb 活动' });
    const names = async (keyword: string) =>
      ((await t.ok('/FromRep/FormReposi/GetFromList', { keyword }, shop.token)).rows as { formName: string }[]).map((r) => r.formName);
    expect(await names('100%')).toEqual(['满100%返现']);
    expect(await names('a_b')).toEqual(['a_b 活动']);
  });
});

describe('GetFromList', () => {
  let shop: Person;
  /** name → id, in creation order. */
  const ids = new Map<string, string>();
  const NAMES = [
    '插花课',
    '亲子烘焙',
    '瑜伽体验',
    '读书会',
    '茶艺沙龙',
    '摄影外拍',
    '咖啡品鉴',
    '手工皂',
    '书法班',
    '油画体验',
    '徒步活动',
    '爵士舞',
  ];

  beforeAll(async () => {
    shop = await t.registerOwner('列表店');
    for (const [i, name] of NAMES.entries()) {
      ids.set(name, await createForm(t, shop.token, { formName: name, ...(i % 3 === 0 ? { needPay: 1, price: 10 + i } : {}) }));
    }
    // Three submissions to 亲子烘焙, one to 读书会; 瑜伽体验 and 书法班 are switched off.
    for (let i = 0; i < 3; i++) await submit(ids.get('亲子烘焙')!);
    await submit(ids.get('读书会')!);
    await t.ok(STATE, { ids: [ids.get('瑜伽体验'), ids.get('书法班')], status: 0 }, shop.token);
  });

  const list = (body: Record<string, unknown> = {}) => t.ok(LIST, body, shop.token);
  type Row = { formID: string; frno: string; formName: string; needPay: number; state: number; applyCount: number; createTime: string };

  it('answers the first 10 newest forms and the total by default', async () => {
    const d = await list();
    expect(d.total_count).toBe(12);
    expect(d.rows).toHaveLength(10);
    expect(d.rows[0]).toMatchObject({ formName: '爵士舞', frno: 'FR000012', needPay: 0, state: 1, applyCount: 0 });
    expect(d.rows.map((r: Row) => r.formName)).toEqual([...NAMES].reverse().slice(0, 10));
    const page2 = await list({ page_index: 2 });
    expect(page2.rows.map((r: Row) => r.formName)).toEqual(['亲子烘焙', '插花课']);
    expect(page2.total_count).toBe(12);
  });

  it('shows the submissions, payment and state of each form', async () => {
    const rows: Row[] = (await list({ page_size: 20 })).rows;
    const byName = new Map(rows.map((r) => [r.formName, r]));
    expect(byName.get('亲子烘焙')).toMatchObject({ applyCount: 3, needPay: 0, state: 1 });
    expect(byName.get('读书会')).toMatchObject({ applyCount: 1, needPay: 1, price: 13, state: 1 });
    expect(byName.get('瑜伽体验')).toMatchObject({ state: 0 });
    expect(byName.get('插花课')!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it.each([10, 20, 50, 100])('takes page size %i', async (size) => {
    const d = await list({ page_size: size });
    expect(d.rows).toHaveLength(Math.min(size, 12));
    expect(d.total_count).toBe(12);
  });

  it('answers an empty page past the end', async () => {
    expect(await list({ page_index: 5, page_size: 10 })).toEqual({ rows: [], total_count: 12 });
  });

  it('refuses a page size of 0 and a page of 0', async () => {
    expect((await t.call(LIST, { page_size: 0 }, shop.token)).body).toMatchObject({ code: 1001, msg: '每页条数必须大于0' });
    expect((await t.call(LIST, { page_index: 0 }, shop.token)).body).toMatchObject({ code: 1001, msg: '页码必须大于0' });
  });

  it('filters by a keyword in the name or the number, and counts only the matches', async () => {
    const d = await list({ keyword: '体验' });
    expect(d.rows.map((r: Row) => r.formName).sort()).toEqual(['油画体验', '瑜伽体验'].sort());
    expect(d.total_count).toBe(2);
    expect((await list({ keyword: 'FR000004' })).rows.map((r: Row) => r.formName)).toEqual(['读书会']);
    expect((await list({ keyword: '  读书  ' })).rows.map((r: Row) => r.formName)).toEqual(['读书会']);
    expect(await list({ keyword: '没有这个表单' })).toEqual({ rows: [], total_count: 0 });
  });

  const collator = new Intl.Collator('en');
  const cmp = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b)));

  it.each(['frno', 'needPay', 'state', 'applyCount', 'createTime'] as const)('sorts by %s both ways across pages', async (field) => {
    for (const order of ['asc', 'desc'] as const) {
      const first = await list({ sorter: [{ field, order }], page_size: 10 });
      const second = await list({ sorter: [{ field, order }], page_size: 10, page_index: 2 });
      const rows: Row[] = [...first.rows, ...second.rows];
      expect(rows).toHaveLength(12);
      expect(new Set(rows.map((r) => r.formID)).size).toBe(12);
      const values = rows.map((r) => r[field]);
      const sorted = [...values].sort(cmp);
      expect(values).toEqual(order === 'asc' ? sorted : sorted.reverse());
    }
  });

  it('sorts by form name, and reads antd sort directions', async () => {
    const asc: string[] = (await list({ sorter: [{ field: 'formName', order: 'ascend' }], page_size: 20 })).rows.map(
      (r: Row) => r.formName,
    );
    const desc: string[] = (await list({ sorter: [{ field: 'formName', order: 'descend' }], page_size: 20 })).rows.map(
      (r: Row) => r.formName,
    );
    expect(asc).toHaveLength(12);
    expect(desc).toEqual([...asc].reverse());
    expect(new Set(asc)).toEqual(new Set(NAMES));
  });

  it('puts the most submitted form first when sorted by applyCount descending', async () => {
    const d = await list({ sorter: [{ field: 'applyCount', order: 'desc' }] });
    expect(d.rows.slice(0, 2).map((r: Row) => [r.formName, r.applyCount])).toEqual([
      ['亲子烘焙', 3],
      ['读书会', 1],
    ]);
  });

  it("never shows another enterprise's forms", async () => {
    await createForm(t, other.token, { formName: '插花课' });
    const d = await list({ keyword: '插花课' });
    expect(d.rows.map((r: Row) => r.formID)).toEqual([ids.get('插花课')]);
  });
});

describe('DelFrom', () => {
  it('deletes a form without submissions', async () => {
    const id = await createForm(t, owner.token, { formName: '要删的表单' });
    const r = await t.call(DEL, { ids: [id] }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '删除成功!' });
    expect((await t.call(GET, { id }, owner.token)).body).toMatchObject({ code: 1004, msg: '表单不存在' });
    expect((await t.ok(LIST, { keyword: '要删的表单' }, owner.token)).total_count).toBe(0);
  });

  it('refuses to delete a form that has submissions, and keeps it and its submissions', async () => {
    const id = await createForm(t, owner.token, { formName: '有人报名了' });
    await submit(id);
    const r = await t.call(DEL, { ids: [id] }, owner.token);
    expect(r.body).toMatchObject({ code: 1, msg: '当前表单已经有提交量，不能删除' });
    expect(await t.ok(GET, { id }, owner.token)).toMatchObject({ formName: '有人报名了', applyCount: 1 });
    expect(await t.db.select().from(formSubmissions).where(eq(formSubmissions.formId, id))).toHaveLength(1);
  });

  it('refuses a bulk delete naming the form that has submissions, and deletes none of them', async () => {
    const a = await createForm(t, owner.token, { formName: '空表单甲' });
    const b = await createForm(t, owner.token, { formName: '热门表单乙' });
    const c = await createForm(t, owner.token, { formName: '空表单丙' });
    await submit(b);
    const r = await t.call(DEL, { ids: [a, b, c] }, owner.token);
    expect(r.body).toMatchObject({ code: 1, msg: '表单：热门表单乙提交量，不能删除' });
    for (const id of [a, b, c]) expect((await t.call(GET, { id }, owner.token)).body.code).toBe(0);
  });

  it('deletes several forms at once', async () => {
    const a = await createForm(t, owner.token, { formName: '批量删甲' });
    const b = await createForm(t, owner.token, { formName: '批量删乙' });
    expect((await t.call(DEL, { ids: [a, b] }, owner.token)).body).toMatchObject({ code: 0, msg: '删除成功!' });
    expect((await t.ok(LIST, { keyword: '批量删' }, owner.token)).total_count).toBe(0);
  });

  it('refuses an empty selection and ids that are not ids', async () => {
    expect((await t.call(DEL, { ids: [] }, owner.token)).body).toMatchObject({ code: 1001, msg: '请选择数据' });
    expect((await t.call(DEL, {}, owner.token)).body).toMatchObject({ code: 1001, msg: '请选择数据' });
    expect((await t.call(DEL, { ids: ['x'] }, owner.token)).body).toMatchObject({ code: 1001, msg: '选中的数据不正确' });
  });
});

describe('UpStateFrom', () => {
  it('disables and enables several forms at once with the spec messages', async () => {
    const a = await createForm(t, owner.token, { formName: '开关甲' });
    const b = await createForm(t, owner.token, { formName: '开关乙' });
    const off = await t.call(STATE, { ids: [a, b], status: 0 }, owner.token);
    expect(off.body).toMatchObject({ code: 0, msg: '使失效成功!' });
    const states = async () => (await t.ok(LIST, { keyword: '开关' }, owner.token)).rows.map((r: { state: number }) => r.state);
    expect(await states()).toEqual([0, 0]);
    // A disabled form takes no submissions and its page says so.
    expect((await t.call(CREATE, { id: a, visitor: newVisitor(), answers: answersOf() })).body).toMatchObject({
      code: 1,
      msg: '表单不存在或已失效',
    });
    expect((await t.call('/Order/FromOrder/GetFromInfo', { id: a })).body.msg).toBe('表单不存在或已失效');

    const on = await t.call(STATE, { ids: [a, b], status: 1 }, owner.token);
    expect(on.body).toMatchObject({ code: 0, msg: '生效成功!' });
    expect(await states()).toEqual([1, 1]);
    expect((await t.call(CREATE, { id: a, visitor: newVisitor(), answers: answersOf() })).body.code).toBe(0);
  });

  it('refuses a status other than 0 and 1', async () => {
    const a = await createForm(t, owner.token);
    expect((await t.call(STATE, { ids: [a], status: 2 }, owner.token)).body).toMatchObject({ code: 1001, msg: '状态不正确' });
    expect((await t.ok(GET, { id: a }, owner.token)).state).toBe(1);
  });
});

describe("another enterprise's forms behave as missing", () => {
  let theirs: string;
  beforeAll(async () => {
    theirs = await createForm(t, other.token, { formName: '别人的表单' });
  });

  it('cannot be read, saved over, deleted or switched off', async () => {
    expect((await t.call(GET, { id: theirs }, owner.token)).body).toMatchObject({ code: 1004, msg: '表单不存在' });
    expect((await t.call(SAVE, formInput({ formID: theirs, formName: '改掉它' }), owner.token)).body).toMatchObject({
      code: 1004,
      msg: '表单不存在',
    });
    expect((await t.call(DEL, { ids: [theirs] }, owner.token)).body).toMatchObject({ code: 1004, msg: '表单不存在' });
    expect((await t.call(STATE, { ids: [theirs], status: 0 }, owner.token)).body).toMatchObject({ code: 1004, msg: '表单不存在' });
    expect(await t.ok(GET, { id: theirs }, other.token)).toMatchObject({ formName: '别人的表单', state: 1 });
  });

  it('spoils a bulk action that mixes them with own forms: nothing changes', async () => {
    const mine = await createForm(t, owner.token, { formName: '我的表单' });
    expect((await t.call(DEL, { ids: [mine, theirs] }, owner.token)).body.code).toBe(1004);
    expect((await t.call(STATE, { ids: [mine, theirs], status: 0 }, owner.token)).body.code).toBe(1004);
    expect(await t.ok(GET, { id: mine }, owner.token)).toMatchObject({ state: 1 });
    expect(await t.ok(GET, { id: theirs }, other.token)).toMatchObject({ state: 1 });
  });
});

/** The endpoints of a module that need the menu grant. */
const withGrant = (module: EndpointMap, key: string) =>
  Object.values(module).filter((e) => typeof e.permission === 'object' && e.permission.menu === key);

describe('who may call', () => {
  const consoleEndpoints = [...Object.values(contract.forms as EndpointMap), ...Object.values(contract.formOrder as EndpointMap)];

  it.each(consoleEndpoints.map((e) => [e.path, e] as const))('%s answers 401 without a token or with a bad one', async (path) => {
    for (const token of [undefined, 'not-a-token']) {
      const r = await t.call(path, {}, token);
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ code: 401, msg: EXPIRED_MSG });
    }
  });

  it('keeps the fill page open to anyone', async () => {
    const id = await createForm(t, owner.token);
    for (const e of Object.values(contract.fromOrder as EndpointMap)) {
      const r = await t.call(e.path, { id, visitor: newVisitor() });
      expect(r.status).toBe(200);
    }
  });

  it.each([
    ['form', withGrant(contract.forms, 'form')],
    ['formdata', withGrant(contract.forms, 'formdata')],
    ['FormOrderList', withGrant(contract.formOrder, 'FormOrderList')],
  ])('refuses a member without the %s grant on each of its endpoints', async (key, endpoints) => {
    expect(endpoints.length).toBeGreaterThan(0);
    const others = ['form', 'formdata', 'FormOrderList'].filter((k) => k !== key);
    const member = await t.addMember(owner.renterId, ['dashboard', ...others]);
    const id = await createForm(t, owner.token);
    for (const e of endpoints) {
      const r = await t.call(e.path, { id, ids: [id], status: 1 }, member.token);
      expect(r.status, e.path).toBe(200);
      expect(r.body, e.path).toMatchObject({ code: 1003, msg: '没有权限执行此操作' });
    }
    // Nothing was switched or deleted by the refused calls.
    expect(await t.ok(GET, { id }, owner.token)).toMatchObject({ state: 1 });
  });

  it('lets a member with the form grant manage forms, and only that', async () => {
    const member = await t.addMember(owner.renterId, ['form']);
    const id = (await t.ok(SAVE, formInput({ formName: '店员建的表单' }), member.token)).formID;
    expect((await t.ok(LIST, { keyword: '店员建的表单' }, member.token)).rows).toHaveLength(1);
    expect((await t.call('/FromRep/FormReport/GetFromDataList', { id }, member.token)).body.code).toBe(1003);
    expect((await t.call('/Order/FormOrder/list', {}, member.token)).body.code).toBe(1003);
    const member2 = await t.addMember(owner.renterId, ['formdata']);
    expect((await t.ok('/FromRep/FormReport/GetFromDataList', { id }, member2.token)).total_count).toBe(0);
    expect((await t.call(LIST, {}, member2.token)).body.code).toBe(1003);
  });
});
