import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSubmissions } from '@/db/schema';
import { answersOf, createForm, FORM_FIELDS, formInput, makeApp, payBySandbox, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;
/** The form with 25 submissions. */
let formId: string;
/** subNo → submission id. */
const subs = new Map<string, string>();
/** Submissions moved to known times (display zone, Asia/Shanghai). */
const dated: Record<string, string> = {};

const LIST = '/FromRep/FormReport/GetFromDataList';
const DETAIL = '/FromRep/FormReport/GetFromDateDetailsList';
const EXPORT = '/FromRep/FormReport/ExportFromData';
const CREATE = '/Order/FromOrder/Create';

/** Names that never contain each other. */
const NAMES = Array.from({ length: 25 }, (_, i) => `客户${String.fromCharCode(0x4e00 + i * 7)}${String.fromCharCode(0x4e01 + i * 7)}`);

let visitorSeq = 0;
const newVisitor = () => `visitor-data-${String(++visitorSeq).padStart(6, '0')}`;

async function moveTo(id: string, shanghaiTime: string) {
  await t.db.execute(sql`update form_submissions set created_at = ${`${shanghaiTime}+08`}::timestamptz where id = ${id}`);
}

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('数据店'), t.registerOwner('别家店')]);
  formId = await createForm(t, owner.token, { formName: '周末市集报名' });
  for (const [i, name] of NAMES.entries()) {
    const phone = `1391234${String(i).padStart(4, '0')}`;
    const d = await t.ok(CREATE, { id: formId, visitor: newVisitor(), answers: answersOf(name, { phone }) });
    subs.set(d.subNo, d.submissionId);
  }
  // Three of them land on 1 and 2 May 2024, one in the very last second of 1 May.
  const ids = [...subs.values()];
  Object.assign(dated, { [ids[0]]: '2024-05-01 10:00:00', [ids[1]]: '2024-05-01 23:59:59.600', [ids[2]]: '2024-05-02 00:00:00' });
  for (const [id, at] of Object.entries(dated)) await moveTo(id, at);
});
afterAll(() => t.close());

type Row = {
  id: string;
  subNo: string;
  summary: string;
  phone: string;
  status: number;
  statusText: string;
  orderNo: string;
  createTime: string;
};

describe('GetFromDataList', () => {
  it('pages the submissions of a form, newest first, with a summary of each', async () => {
    const first = await t.ok(LIST, { id: formId }, owner.token);
    expect(first.total_count).toBe(25);
    expect(first.rows).toHaveLength(10);
    expect(first.rows[0]).toMatchObject({
      subNo: 'S00000025',
      phone: '13912340024',
      status: 1,
      statusText: '有效',
      orderNo: '',
      summary: `姓名：${NAMES[24]}；手机号：13912340024；年龄：18.5`,
    });
    const last = await t.ok(LIST, { id: formId, page_index: 3, page_size: 10 }, owner.token);
    expect(last.rows).toHaveLength(5);
    // The three moved into 2024 are the oldest.
    expect(last.rows.slice(-3).map((r: Row) => r.createTime)).toEqual([
      '2024-05-02 00:00:00',
      '2024-05-01 23:59:59',
      '2024-05-01 10:00:00',
    ]);
    const all: Row[] = (await t.ok(LIST, { id: formId, page_size: 100 }, owner.token)).rows;
    expect(new Set(all.map((r) => r.id))).toEqual(new Set(subs.values()));
  });

  it('filters by a time range, both ends included to the second', async () => {
    const day = await t.ok(LIST, { id: formId, stime: '2024-05-01 00:00:00', endtime: '2024-05-01 23:59:59' }, owner.token);
    expect(day.rows.map((r: Row) => r.createTime)).toEqual(['2024-05-01 23:59:59', '2024-05-01 10:00:00']);
    expect(day.total_count).toBe(2);
    const morning = await t.ok(LIST, { id: formId, stime: '2024-05-01 10:00:00', endtime: '2024-05-01 10:00:00' }, owner.token);
    expect(morning.total_count).toBe(1);
    const from2nd = await t.ok(LIST, { id: formId, stime: '2024-05-02 00:00:00', endtime: '2024-05-31 23:59:59' }, owner.token);
    expect(from2nd.rows.map((r: Row) => r.createTime)).toEqual(['2024-05-02 00:00:00']);
    // Only a start: everything since.
    expect((await t.ok(LIST, { id: formId, stime: '2024-05-02 00:00:00' }, owner.token)).total_count).toBe(23);
    // Only an end.
    expect((await t.ok(LIST, { id: formId, endtime: '2024-05-01 23:59:59' }, owner.token)).total_count).toBe(2);
  });

  it('filters by a keyword in any answer or the submission number', async () => {
    const byName = await t.ok(LIST, { id: formId, keyword: NAMES[7] }, owner.token);
    expect(byName.rows.map((r: Row) => r.subNo)).toEqual(['S00000008']);
    const byPhone = await t.ok(LIST, { id: formId, keyword: '13912340013' }, owner.token);
    expect(byPhone.rows.map((r: Row) => r.subNo)).toEqual(['S00000014']);
    const bySubNo = await t.ok(LIST, { id: formId, keyword: 'S00000003' }, owner.token);
    expect(bySubNo.rows.map((r: Row) => r.subNo)).toEqual(['S00000003']);
    // An answer all share, combined with a time range.
    const both = await t.ok(
      LIST,
      { id: formId, keyword: '跑步', stime: '2024-05-01 00:00:00', endtime: '2024-05-01 23:59:59' },
      owner.token,
    );
    expect(both.total_count).toBe(2);
    expect(await t.ok(LIST, { id: formId, keyword: '没有人这么填' }, owner.token)).toEqual({ rows: [], total_count: 0 });
  });

  it('refuses a time that is not YYYY-MM-DD HH:mm:ss', async () => {
    expect((await t.call(LIST, { id: formId, stime: '2024/05/01' }, owner.token)).body).toMatchObject({
      code: 1001,
      msg: '开始时间格式不正确',
    });
    expect((await t.call(LIST, { id: formId, endtime: '昨天' }, owner.token)).body).toMatchObject({
      code: 1001,
      msg: '结束时间格式不正确',
    });
  });

  it('refuses a missing form id', async () => {
    expect((await t.call(LIST, {}, owner.token)).body).toMatchObject({ code: 1001, msg: '缺少表单' });
  });

  it('shows a paid submission as waiting for payment with its order number, then valid once paid', async () => {
    const paidForm = await createForm(t, owner.token, { formName: '付费讲座', needPay: 1, price: 8.8 });
    const d = await t.ok(CREATE, { id: paidForm, visitor: newVisitor(), answers: answersOf('付款人') });
    const [waiting] = (await t.ok(LIST, { id: paidForm }, owner.token)).rows;
    expect(waiting).toMatchObject({ id: d.submissionId, status: 0, statusText: '待支付', orderNo: d.orderNo });
    expect(d.orderNo).toMatch(/^FO\d{8}\d{6}$/);
    await payBySandbox(t, d.qr_code);
    const [paid] = (await t.ok(LIST, { id: paidForm }, owner.token)).rows;
    expect(paid).toMatchObject({ status: 1, statusText: '有效', orderNo: d.orderNo });
  });
});

describe('GetFromDateDetailsList', () => {
  it('answers each item with the field that tells the dialog what to show (spec 000 §2.4)', async () => {
    const items = await t.ok(DETAIL, { id: subs.get('S00000005') }, owner.token);
    expect(items).toEqual([
      { lbText: '姓名', itemType: 1, formDecimal: null, formText: NAMES[4], startTime: '' },
      { lbText: '手机号', itemType: 3, formDecimal: null, formText: '13912340004', startTime: '' },
      // 0: the number is in formDecimal.
      { lbText: '年龄', itemType: 0, formDecimal: 18.5, formText: '18.5', startTime: '' },
      // 4: the date part of startTime.
      { lbText: '到店日期', itemType: 4, formDecimal: null, formText: '2025-03-01', startTime: '2025-03-01 00:00:00' },
      // 5: startTime, completed to seconds.
      { lbText: '预约时间', itemType: 5, formDecimal: null, formText: '2025-03-01 09:30:00', startTime: '2025-03-01 09:30:00' },
      { lbText: '性别', itemType: 6, formDecimal: null, formText: '女', startTime: '' },
      // Choices in the form's order, whatever order they were ticked in.
      { lbText: '爱好', itemType: 7, formDecimal: null, formText: '读书、跑步', startTime: '' },
    ]);
    // What the dialog shows for each, by the spec's rule.
    const shown = items.map((i: { itemType: number; formDecimal: number | null; formText: string; startTime: string }) =>
      i.itemType === 0 ? i.formDecimal : i.itemType === 4 ? i.startTime.slice(0, 10) : i.itemType === 5 ? i.startTime : i.formText,
    );
    expect(shown).toEqual([NAMES[4], '13912340004', 18.5, '2025-03-01', '2025-03-01 09:30:00', '女', '读书、跑步']);
  });

  it('answers unanswered optional fields as empty', async () => {
    const d = await t.ok(CREATE, { id: formId, visitor: newVisitor(), answers: { name: '只填必填', phone: '13700000000' } });
    const items = await t.ok(DETAIL, { id: d.submissionId }, owner.token);
    expect(items.slice(2)).toEqual(
      FORM_FIELDS.slice(2).map((f) => ({ lbText: f.label, itemType: f.kind, formDecimal: null, formText: '', startTime: '' })),
    );
    await t.db.delete(formSubmissions).where(eq(formSubmissions.id, d.submissionId));
  });

  it('keeps what the customer answered when the form is edited later', async () => {
    const id = await createForm(t, owner.token, { formName: '会改的表单' });
    const d = await t.ok(CREATE, { id, visitor: newVisitor(), answers: answersOf('老字段') });
    await t.ok(
      '/FromRep/FormReposi/SaveFrom',
      formInput({ formID: id, formName: '会改的表单', fields: [{ id: 'name', label: '称呼', kind: 1 }] }),
      owner.token,
    );
    const items = await t.ok(DETAIL, { id: d.submissionId }, owner.token);
    expect(items.map((i: { lbText: string }) => i.lbText)).toEqual(FORM_FIELDS.map((f) => f.label));
    expect(items[0].formText).toBe('老字段');
  });

  it("treats another enterprise's submission and an unknown id as missing", async () => {
    const id = subs.get('S00000001');
    expect((await t.call(DETAIL, { id }, other.token)).body).toMatchObject({ code: 1004, msg: '提交记录不存在', data: null });
    expect((await t.call(DETAIL, { id: formId }, owner.token)).body).toMatchObject({ code: 1004, msg: '提交记录不存在' });
    expect((await t.call(DETAIL, { id: 'abc' }, owner.token)).body).toMatchObject({ code: 1001, msg: 'id不正确' });
  });
});

describe("another enterprise's form", () => {
  it('answers as missing on the list and the export, and leaks no rows', async () => {
    expect((await t.call(LIST, { id: formId }, other.token)).body).toMatchObject({ code: 1004, msg: '表单不存在', data: null });
    const res = await t.app.inject({ method: 'POST', url: EXPORT, headers: { token: other.token }, payload: { id: formId } });
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json()).toMatchObject({ code: 1004, msg: '表单不存在' });
  });
});

describe('ExportFromData', () => {
  async function exportOf(body: Record<string, unknown>, token = owner.token) {
    const res = await t.app.inject({ method: 'POST', url: EXPORT, headers: { token }, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const disposition = String(res.headers['content-disposition']);
    const filename = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { filename, total: res.headers['x-total-count'], sheet: ws.name, rows };
  }

  it('streams every submission into an .xlsx named after the form, one column per field', async () => {
    const x = await exportOf({ id: formId });
    expect(x.filename).toBe('周末市集报名-提交数据.xlsx');
    expect(x.sheet).toBe('提交数据');
    expect(x.rows[0]).toEqual(['提交编号', '提交时间', '状态', ...FORM_FIELDS.map((f) => f.label)]);
    expect(x.rows).toHaveLength(1 + 25);
    expect(x.total).toBe('25');
    // Oldest first; values as the detail dialog shows them.
    expect(x.rows[1]).toEqual([
      'S00000001',
      '2024-05-01 10:00:00',
      '有效',
      NAMES[0],
      '13912340000',
      18.5,
      '2025-03-01',
      '2025-03-01 09:30:00',
      '女',
      '读书、跑步',
    ]);
  });

  it('exports only what the filter matches', async () => {
    const day = await exportOf({ id: formId, stime: '2024-05-01 00:00:00', endtime: '2024-05-01 23:59:59' });
    expect(day.rows).toHaveLength(1 + 2);
    expect(day.total).toBe('2');
    expect(day.rows.slice(1).map((r) => r[0])).toEqual(['S00000001', 'S00000002']);
    const one = await exportOf({ id: formId, keyword: NAMES[9] });
    expect(one.rows.slice(1).map((r) => r[3])).toEqual([NAMES[9]]);
    const none = await exportOf({ id: formId, keyword: '没有人这么填' });
    expect(none.rows).toEqual([['提交编号', '提交时间', '状态', ...FORM_FIELDS.map((f) => f.label)]]);
  });

  it('exports more rows than one batch', async () => {
    const big = await createForm(t, owner.token, { formName: '大表单', fields: [{ id: 'n', label: '编号', kind: 0 }] });
    const values = Array.from({ length: 1203 }, (_, i) => i);
    await t.db.insert(formSubmissions).values(
      values.map((i) => ({
        renterId: owner.renterId,
        formId: big,
        subNo: `X${String(i).padStart(8, '0')}`,
        visitor: `bulk-visitor-${i}`,
        items: [{ fieldId: 'n', label: '编号', kind: 0, value: i }],
        createdAt: new Date(Date.UTC(2024, 0, 1) + i * 1000),
      })),
    );
    const x = await exportOf({ id: big });
    expect(x.rows).toHaveLength(1 + 1203);
    expect(x.rows.slice(1).map((r) => r[3])).toEqual(values);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: EXPORT, payload: { id: formId } });
    expect(res.statusCode).toBe(401);
  });
});
