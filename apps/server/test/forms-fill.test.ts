import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_INVALID_MSG } from '@shop/contract';
import { fmtTime } from '@/core/time';
import { files, formOrders, formSubmissions, forms, notices, payOrders } from '@/db/schema';
import { makePng, multipart } from '@/modules/files/files.fixtures';
import { answersOf, createForm, FORM_FIELDS, makeApp, payBySandbox, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let dataDir: string;

const INFO = '/Order/FromOrder/GetFromInfo';
const NUM = '/Order/FromOrder/GetSubmitNum';
const CREATE = '/Order/FromOrder/Create';
const UPLOAD = '/Order/FromOrder/UpLoad';
const STATE = '/FromRep/FormReposi/UpStateFrom';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-forms-fill-'));
  t = await makeApp({ config: { dataDir } });
  owner = await t.registerOwner('填写页测试店');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let visitorSeq = 0;
const newVisitor = () => `fill-visitor-${String(++visitorSeq).padStart(6, '0')}`;

/** Rows that a submission writes, counted everywhere, to prove a refusal left nothing behind. */
async function footprint(formId: string) {
  const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0].n);
  const [form] = await t.db.select().from(forms).where(eq(forms.id, formId));
  return {
    applyCount: form?.applyCount,
    submissions: await n(t.db.select({ n: count() }).from(formSubmissions).where(eq(formSubmissions.formId, formId))),
    orders: await n(t.db.select({ n: count() }).from(formOrders).where(eq(formOrders.formId, formId))),
    payments: await n(t.db.select({ n: count() }).from(payOrders).where(eq(payOrders.renterId, owner.renterId))),
    notices: await n(t.db.select({ n: count() }).from(notices).where(eq(notices.renterId, owner.renterId))),
    attached: await n(
      t.db
        .select({ n: count() })
        .from(files)
        .where(and(eq(files.scope, `form:${formId}`), isNotNull(files.attachedTo))),
    ),
    pushed: t.hub.pushed.length,
  };
}

/** Submits and expects a refusal with the message; nothing may have been written. */
async function refused(formId: string, body: Record<string, unknown>, msg: string) {
  const before = await footprint(formId);
  const r = await t.call(CREATE, { id: formId, visitor: newVisitor(), answers: answersOf(), ...body });
  expect(r.status).toBe(200);
  expect(r.body.code).not.toBe(0);
  expect(r.body.msg).toBe(msg);
  expect(await footprint(formId)).toEqual(before);
}

const shanghai = (d: Date) => fmtTime(d);

describe('GetFromInfo', () => {
  it('shows a customer the form, its shop and whether it is open, without a token', async () => {
    const id = await createForm(t, owner.token, { formName: '插花体验课', needPay: 1, price: 39.9, needVerify: true, totalLimit: 30 });
    const d = await t.ok(INFO, { id });
    expect(d).toMatchObject({
      formID: id,
      formName: '插花体验课',
      description: '报名说明',
      needPay: 1,
      price: 39.9,
      needVerify: true,
      open: true,
      reason: '',
      shopName: '填写页测试店',
      left: 30,
      startTime: '',
      endTime: '',
    });
    expect(d.fields.map((f: { id: string }) => f.id)).toEqual(FORM_FIELDS.map((f) => f.id));
    // No limit reads -1.
    expect((await t.ok(INFO, { id: await createForm(t, owner.token) })).left).toBe(-1);
  });

  it('says why a form is closed: not started yet, ended, or full', async () => {
    const start = new Date(Date.now() + 86_400_000);
    const early = await createForm(t, owner.token, { startTime: shanghai(start) });
    expect(await t.ok(INFO, { id: early })).toMatchObject({ open: false, reason: `表单尚未开始，开始时间：${shanghai(start)}` });
    const ended = await createForm(t, owner.token, { startTime: '2020-01-01 00:00:00', endTime: '2020-12-31 23:59:59' });
    expect(await t.ok(INFO, { id: ended })).toMatchObject({ open: false, reason: '表单已结束', endTime: '2020-12-31 23:59:59' });
    const full = await createForm(t, owner.token, { totalLimit: 1 });
    await t.ok(CREATE, { id: full, visitor: newVisitor(), answers: answersOf() });
    expect(await t.ok(INFO, { id: full })).toMatchObject({ open: false, reason: '提交人数已满', left: 0 });
  });

  it('answers a disabled, unknown or malformed form as gone', async () => {
    const id = await createForm(t, owner.token);
    await t.ok(STATE, { ids: [id], status: 0 }, owner.token);
    for (const body of [{ id }, { id: randomUUID() }]) {
      expect((await t.call(INFO, body)).body).toMatchObject({ code: 1004, msg: '表单不存在或已失效', data: null });
    }
    expect((await t.call(INFO, { id: 'nope' })).body).toMatchObject({ code: 1001, msg: 'id不正确' });
  });
});

describe('GetSubmitNum', () => {
  it('counts what this visitor has submitted and what they still may', async () => {
    const id = await createForm(t, owner.token, { personLimit: 3 });
    const me = newVisitor();
    expect(await t.ok(NUM, { id, visitor: me })).toEqual({ count: 0, limit: 3, left: 3 });
    await t.ok(CREATE, { id, visitor: me, answers: answersOf() });
    await t.ok(CREATE, { id, visitor: me, answers: answersOf() });
    await t.ok(CREATE, { id, visitor: newVisitor(), answers: answersOf() });
    expect(await t.ok(NUM, { id, visitor: me })).toEqual({ count: 2, limit: 3, left: 1 });
    const free = await createForm(t, owner.token);
    expect(await t.ok(NUM, { id: free, visitor: me })).toEqual({ count: 0, limit: 0, left: -1 });
  });

  it('refuses a visitor id the server did not sign, and a call without one', async () => {
    const id = await createForm(t, owner.token);
    // An id the browser made up (as the fill page did before), and a signed one whose id was changed.
    const signed = t.visitorToken(newVisitor());
    const forged = `v${'A'.repeat(22)}${signed.slice(signed.indexOf('.'))}`;
    for (const visitor of ['fill-visitor-made-up', forged]) {
      const r = await t.call(NUM, { id }, undefined, { visitor });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ code: 401, msg: VISITOR_INVALID_MSG, data: null });
    }
    expect((await t.call(NUM, { id })).body).toMatchObject({ code: 1001, msg: '缺少访客标识' });
    expect((await t.call(NUM, { id: randomUUID(), visitor: newVisitor() })).body).toMatchObject({ code: 1004, msg: '表单不存在或已失效' });
  });
});

describe('Create', () => {
  it('stores a free submission, takes a place and tells the console once its event is dispatched', async () => {
    const id = await createForm(t, owner.token, { formName: '免费讲座', totalLimit: 5 });
    await t.services.jobs.runDue(); // the events of earlier tests' submissions
    const pushedBefore = t.hub.pushed.length;
    const r = await t.call(CREATE, { id, visitor: newVisitor(), answers: answersOf('李四') });
    expect(r.body).toMatchObject({ code: 0, msg: '提交成功' });
    expect(r.body.data).toMatchObject({ needPay: 0, orderId: '', orderNo: '', qr_code: '', total: 0 });
    expect(r.body.data.subNo).toMatch(/^S\d{8}$/);
    const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, r.body.data.submissionId));
    expect(row).toMatchObject({ formId: id, renterId: owner.renterId, status: 1, phone: '13912345678' });
    expect((await t.ok(INFO, { id })).left).toBe(4);
    // The notice is a subscriber of form.submitted (core/jobs outbox): nothing inline, all once the queue runs.
    expect(t.hub.pushed.length).toBe(pushedBefore);
    expect(await t.services.jobs.runDue()).toBeGreaterThan(0);
    // One receiveNotice to the enterprise's consoles, and a notice in its list.
    const pushes = t.hub.pushed.slice(pushedBefore);
    expect(pushes).toEqual([
      {
        to: `renter:${owner.renterId}`,
        event: 'receiveNotice',
        payload: expect.objectContaining({ title: '新的表单提交', message: `「免费讲座」收到新的提交（${r.body.data.subNo}）` }),
      },
    ]);
    const listed = await t.ok('/Index/Home/GetNotice', {}, owner.token);
    expect(JSON.stringify(listed)).toContain(`「免费讲座」收到新的提交（${r.body.data.subNo}）`);
  });

  it('creates an order for a paid form and tells the console only once it is paid', async () => {
    const id = await createForm(t, owner.token, { formName: '付费沙龙', needPay: 1, price: 25.5 });
    const pushedBefore = t.hub.pushed.length;
    const d = await t.ok(CREATE, { id, visitor: newVisitor(), answers: answersOf() });
    expect(d).toMatchObject({ needPay: 1, total: 25.5 });
    expect(d.qr_code).toMatch(/\/pay\/sandbox\/[0-9a-f]{32}\?t=\d+\.[0-9a-f]{64}$/);
    await t.services.jobs.runDue();
    expect(t.hub.pushed.length).toBe(pushedBefore);
    await payBySandbox(t, d.qr_code);
    // The notice is a subscriber of form-order.paid: after the payment committed, once the queue runs.
    expect(t.hub.pushed.length).toBe(pushedBefore);
    expect(await t.services.jobs.runDue()).toBeGreaterThan(0);
    const pushes = t.hub.pushed.slice(pushedBefore);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ to: `renter:${owner.renterId}`, event: 'receiveNotice', payload: { title: '新的表单订单' } });
    expect(pushes[0].payload.message).toContain(d.orderNo);
    expect(pushes[0].payload.message).toContain('¥25.50');
  });

  it('refuses a form that has not started yet', async () => {
    const start = new Date(Date.now() + 3_600_000);
    const id = await createForm(t, owner.token, { startTime: shanghai(start) });
    await refused(id, {}, `表单尚未开始，开始时间：${shanghai(start)}`);
  });

  it('refuses a form that has ended', async () => {
    const id = await createForm(t, owner.token, { startTime: '2020-01-01 00:00:00', endTime: shanghai(new Date(Date.now() - 60_000)) });
    await refused(id, {}, '表单已结束');
  });

  it('takes submissions inside the window', async () => {
    const id = await createForm(t, owner.token, {
      startTime: shanghai(new Date(Date.now() - 60_000)),
      endTime: shanghai(new Date(Date.now() + 60_000)),
    });
    expect((await t.call(CREATE, { id, visitor: newVisitor(), answers: answersOf() })).body.code).toBe(0);
  });

  it('refuses a visitor past the per-person limit, and counts cancelled ones out', async () => {
    const id = await createForm(t, owner.token, { personLimit: 2 });
    const me = newVisitor();
    for (let i = 0; i < 2; i++) await t.ok(CREATE, { id, visitor: me, answers: answersOf() });
    await refused(id, { visitor: me }, '每人最多提交2次');
    // Someone else still may.
    expect((await t.call(CREATE, { id, visitor: newVisitor(), answers: answersOf() })).body.code).toBe(0);
  });

  it('refuses everyone once the total is reached', async () => {
    const id = await createForm(t, owner.token, { totalLimit: 2 });
    for (let i = 0; i < 2; i++) await t.ok(CREATE, { id, visitor: newVisitor(), answers: answersOf() });
    await refused(id, {}, '提交人数已满');
    expect((await t.db.select().from(forms).where(eq(forms.id, id)))[0].applyCount).toBe(2);
  });

  it('refuses a disabled, unknown or malformed form', async () => {
    const id = await createForm(t, owner.token);
    await t.ok(STATE, { ids: [id], status: 0 }, owner.token);
    await refused(id, {}, '表单不存在或已失效');
    const missing = randomUUID();
    const r = await t.call(CREATE, { id: missing, visitor: newVisitor(), answers: answersOf() });
    expect(r.body).toMatchObject({ code: 1, msg: '表单不存在或已失效' });
    expect((await t.call(CREATE, { id: 'not-a-form', visitor: newVisitor(), answers: answersOf() })).body).toMatchObject({
      code: 1001,
      msg: '表单不存在或已失效',
    });
    expect(await t.db.select().from(formSubmissions).where(eq(formSubmissions.formId, missing))).toEqual([]);
  });

  it.each([
    ['a required text left empty', { name: '' }, '请填写姓名'],
    ['a required phone missing', { phone: undefined }, '请填写手机号'],
    ['a malformed phone', { phone: '12345' }, '手机号格式不正确'],
    ['a number with too many decimals', { age: '18.55' }, '年龄须为数字，最多1位小数'],
    ['a number that is not one', { age: '十八' }, '年龄须为数字，最多1位小数'],
    ['a date that is not one', { day: '2025-02-30x' }, '到店日期格式不正确'],
    ['a date-time that is not one', { at: '明早九点' }, '预约时间格式不正确'],
    ['an option the form does not have', { sex: '未知' }, '性别的选项不正确'],
    ['the same option twice', { hobby: ['跑步', '跑步'] }, '爱好的选项不正确'],
  ])('refuses %s with its message and writes nothing', async (_case, over, msg) => {
    const id = await createForm(t, owner.token, { totalLimit: 10, personLimit: 1 });
    await refused(id, { answers: answersOf('王五', over) }, msg);
    // The refused visitor has not used up their one submission.
    expect((await t.ok(INFO, { id })).left).toBe(10);
  });

  it('checks an ID number by its birth date and check digit', async () => {
    const id = await createForm(t, owner.token, { fields: [{ id: 'idno', label: '身份证号', kind: 8, required: true }] });
    await refused(id, { answers: { idno: '110105194912310021' } }, '身份证号格式不正确');
    await refused(id, { answers: { idno: '110105194902300027' } }, '身份证号格式不正确');
    const d = await t.ok(CREATE, { id, visitor: newVisitor(), answers: { idno: '11010519491231002x' } });
    const items = await t.ok('/FromRep/FormReport/GetFromDateDetailsList', { id: d.submissionId }, owner.token);
    expect(items).toEqual([{ lbText: '身份证号', itemType: 8, formDecimal: null, formText: '11010519491231002X', startTime: '' }]);
  });

  it('refuses a submission without answers or visitor', async () => {
    const id = await createForm(t, owner.token);
    expect((await t.call(CREATE, { id, visitor: newVisitor() })).body).toMatchObject({ code: 1001, msg: '请填写表单' });
    expect((await t.call(CREATE, { id, answers: answersOf() })).body).toMatchObject({ code: 1001, msg: '缺少访客标识' });
  });
});

describe('images on the fill page', () => {
  let formId: string;
  const IMAGE_FORM = [
    { id: 'name', label: '姓名', kind: 1, required: true },
    { id: 'photo', label: '作品照片', kind: 9, required: true, maxCount: 2 },
  ];

  beforeAll(async () => {
    formId = await createForm(t, owner.token, { formName: '摄影比赛', fields: IMAGE_FORM });
  });

  async function upload(visitor: string, id = formId) {
    const { payload, headers } = multipart([
      { name: 'formId', value: id },
      { name: 'file', filename: '作品.png', type: 'image/png', data: makePng(4, 3) },
    ]);
    const res = await t.app.inject({ method: 'POST', url: UPLOAD, payload, headers: { ...headers, visitor: t.visitorToken(visitor) } });
    return res.json();
  }

  it('takes an upload of the visitor and a submission that uses it', async () => {
    const me = newVisitor();
    const up = await upload(me);
    expect(up).toMatchObject({ code: 0, data: { mime: 'image/png', width: 4, height: 3 } });
    const up2 = await upload(me);
    const d = await t.ok(CREATE, { id: formId, visitor: me, answers: { name: '摄影师', photo: [up.data.url, up2.data.url] } });
    const items = await t.ok('/FromRep/FormReport/GetFromDateDetailsList', { id: d.submissionId }, owner.token);
    expect(items[1]).toMatchObject({ lbText: '作品照片', itemType: 9, formText: `${up.data.url},${up2.data.url}` });
    // The image is in use now: the console cannot delete it from under the submission.
    expect((await t.call('/UpFile/DelFile', { id: up.data.id }, owner.token)).body.msg).toBe('该图片已用于客户提交的表单，不能删除');
    // And it is served.
    expect((await t.app.inject({ method: 'GET', url: up.data.url })).statusCode).toBe(200);
  });

  it("refuses a submission that uses another visitor's upload", async () => {
    const up = await upload(newVisitor());
    await refused(formId, { answers: { name: '冒用者', photo: [up.data.url] } }, '图片无效，请重新上传');
  });

  it('refuses the same upload in a second submission', async () => {
    const me = newVisitor();
    const up = await upload(me);
    await t.ok(CREATE, { id: formId, visitor: me, answers: { name: '第一次', photo: [up.data.url] } });
    await refused(formId, { visitor: me, answers: { name: '第二次', photo: [up.data.url] } }, '图片无效，请重新上传');
  });

  it('refuses an image that was never uploaded, and more images than the field allows', async () => {
    await refused(
      formId,
      { answers: { name: '编造者', photo: [`/file/${owner.renterId}/2025/01/${randomUUID()}.png`] } },
      '图片无效，请重新上传',
    );
    await refused(formId, { answers: { name: '外链', photo: ['https://example.com/a.png'] } }, '作品照片的图片不正确');
    const me = newVisitor();
    const urls = [(await upload(me)).data.url, (await upload(me)).data.url, (await upload(me)).data.url];
    await refused(formId, { visitor: me, answers: { name: '贪心', photo: urls } }, '作品照片最多上传2张');
    await refused(formId, { visitor: me, answers: { name: '没传' } }, '请上传作品照片');
  });

  it('refuses an upload into a disabled form', async () => {
    const id = await createForm(t, owner.token, { fields: IMAGE_FORM });
    await t.ok(STATE, { ids: [id], status: 0 }, owner.token);
    expect(await upload(newVisitor(), id)).toMatchObject({ code: 1, msg: '表单不存在或已失效' });
    expect(
      await t.db
        .select()
        .from(files)
        .where(eq(files.scope, `form:${id}`)),
    ).toEqual([]);
  });
});
