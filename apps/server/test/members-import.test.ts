import { MEMBER_IMPORT_FIELDS, MEMBER_IMPORT_HEADERS, MEMBER_IMPORT_PROGRESS_EVENT } from '@shop/contract';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { growthRecords, memberEvents, memberImports, memberLevels, members, memberTagLinks, memberTags, operLogs } from '@/db/schema';
import { multipart } from '@/modules/files/files.fixtures';
import { MEMBER_IMPORT_CHUNK } from '@/modules/members';
import { readSheet } from '@/modules/members/import/member-import.sheet';
import { memberImportRepo } from '@/modules/members/import/member-import.repository';
import { type AnyData, makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;

const P = '/Client/Customer/';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADERS = MEMBER_IMPORT_FIELDS.map((k) => MEMBER_IMPORT_HEADERS[k]);
type Row = Partial<Record<(typeof MEMBER_IMPORT_FIELDS)[number], string | number | Date>>;

async function xlsx(rows: (Row | null)[], headers: string[] = HEADERS, keys = MEMBER_IMPORT_FIELDS as readonly string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('会员');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r ? keys.map((k) => (r as Record<string, unknown>)[k] ?? null) : []);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(data: Buffer, token = owner.token, filename = 'members.xlsx') {
  const { payload, headers } = multipart([{ name: 'file', filename, type: XLSX, data }]);
  const res = await t.app.inject({ method: 'POST', url: `${P}UpLoadImport`, payload, headers: { ...headers, token } });
  return res.json() as { code: number; msg: string; data: AnyData };
}
async function check(rows: (Row | null)[], token = owner.token): Promise<AnyData> {
  const r = await upload(await xlsx(rows), token);
  if (r.code !== 0) throw new Error(`UpLoadImport failed: ${r.msg}`);
  return r.data;
}
const runImports = () => t.services.jobs.runDue(['members.import']);
async function confirm(id: string, opts: { existing?: number; onlyValid?: boolean } = {}, token = owner.token): Promise<AnyData> {
  const r = await t.call(`${P}ImportData`, { id, ...opts }, token);
  expect(r.body).toMatchObject({ code: 0, data: { id, status: 4 } });
  await runImports();
  return t.ok(`${P}GetImportDetail`, { id, page_size: 50 }, token);
}
const rowsOf = async (id: string, filter = 'all') =>
  (await t.ok(`${P}GetCheckUserPhone`, { id, filter, page_size: 100 }, owner.token)).rows;
const memberOf = async (renterId: string, phone: string) =>
  (
    await t.db
      .select()
      .from(members)
      .where(and(eq(members.renterId, renterId), eq(members.phone, phone)))
  )[0];
const memberCount = async (renterId: string) =>
  Number((await t.db.select({ n: count() }).from(members).where(eq(members.renterId, renterId)))[0].n);

let gold: { id: string };
let silver: { id: string };
let vipTag: { id: string };
let newTag: { id: string };
beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('会员导入店'), t.registerOwner('隔壁会员店')]);
  const rights = { discount: 950, pointsTimes: 10, freeShipping: false, birthdayPoints: 0 };
  const card = { bgColor: '#333333', bgImage: '', textColor: '#ffffff' };
  [silver, gold] = await t.db
    .insert(memberLevels)
    .values([
      { renterId: owner.renterId, name: '白银', rank: 1, growth: 100, rights, card },
      { renterId: owner.renterId, name: '黄金', rank: 2, growth: 1000, rights, card },
    ])
    .returning();
  await t.db.insert(memberLevels).values({ renterId: owner.renterId, name: '付费卡', needpay: 1, rank: 1, growth: 0, rights, card });
  [vipTag, newTag] = await t.db
    .insert(memberTags)
    .values([
      { renterId: owner.renterId, name: 'VIP' },
      { renterId: owner.renterId, name: '新客' },
    ])
    .returning();
  await t.db.insert(memberTags).values({ renterId: owner.renterId, name: '高消费', kind: 2 });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  MEMBER_IMPORT_CHUNK.rows = 500;
});

describe('ImportTemplate', () => {
  it('downloads the headers, an example row and a 说明 sheet; the example imports cleanly', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${P}ImportTemplate`, headers: { token: owner.token }, payload: {} });
    expect(res.headers['content-type']).toBe(XLSX);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['会员', '说明']);
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    const r = await upload(res.rawPayload as Buffer);
    expect(r).toMatchObject({ code: 0, msg: '共1行，校验通过', data: { counts: { total: 1, good: 1, bad: 0 } } });
  });
});

describe('readSheet', () => {
  it('reads a large file row by row with every Chinese character whole (none split between two chunks)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('会员');
    ws.addRow(['手机号', '姓名', '备注']);
    for (let i = 0; i < 20_000; i++)
      ws.addRow([`139${String(i).padStart(8, '0')}`, `会员${i}`, `来自线下门店的老客户，喜欢烘焙与甜点${i % 97}`]);
    const data = Buffer.from(await wb.xlsx.writeBuffer({ useSharedStrings: false } as ExcelJS.XlsxWriteOptions));
    let headers: string[] = [];
    let rows = 0;
    const broken: number[] = [];
    const batches: number[] = [];
    const n = await readSheet(
      data,
      (h) => {
        headers = h;
      },
      async (batch) => {
        batches.push(batch.length);
        for (const r of batch) {
          rows++;
          if (r.cells.join('').includes('\uFFFD')) broken.push(r.rowNo);
        }
      },
    );
    expect(headers).toEqual(['手机号', '姓名', '备注']);
    expect([n, rows, broken]).toEqual([20_000, 20_000, []]);
    expect(Math.max(...batches)).toBe(1000);
  });
});

describe('UpLoadImport', () => {
  it('lists every bad row with its message and writes no member', async () => {
    await t.db.insert(members).values({ renterId: owner.renterId, phone: '13900000001', name: '老会员', nickname: '老' });
    const before = await memberCount(owner.renterId);
    const v = await check([
      { phone: '13900000010', name: '好人', sex: '女', birthday: '1990/1/31', level: '白银', tags: 'VIP，新客', growth: 5 },
      { phone: '1234', name: '坏号' },
      { phone: '13900000010', name: '重复' },
      { phone: '13900000011', birthday: '1990-02-30' },
      { phone: '13900000012', level: '钻石' },
      { phone: '13900000013', tags: '不存在的' },
      { phone: '13900000014', sex: '不详' },
      { phone: '13900000015', growth: -3 },
      { phone: '13900000016', level: '付费卡' },
      { phone: '13900000017', tags: '高消费' },
      null,
      { phone: '13900000001', name: '改名' },
      { phone: '', name: '没号' },
      { phone: '139 0000 0018', birthday: new Date(Date.UTC(1985, 4, 6)) },
    ]);
    expect(v.counts).toEqual({ total: 13, good: 3, bad: 10, existing: 1 });
    expect(v.headers).toEqual(HEADERS);
    expect(v.mapping).toEqual(Object.fromEntries(MEMBER_IMPORT_FIELDS.map((k, i) => [k, i])));
    const bad = await rowsOf(v.id, 'bad');
    expect(bad.map((r: AnyData) => [r.row, r.error])).toEqual([
      [3, '手机号格式不正确'],
      [4, '文件中手机号重复（第2行）'],
      [5, '生日格式不正确'],
      [6, '等级不存在：钻石'],
      [7, '标签不存在：不存在的'],
      [8, '性别只能填写男或女'],
      [9, '成长值须为不小于0的整数'],
      [10, '等级不存在：付费卡'],
      [11, '自动标签不能导入：高消费'],
      [14, '手机号不能为空'],
    ]);
    const existing = await rowsOf(v.id, 'existing');
    expect(existing.map((r: AnyData) => [r.row, r.phone, r.resultText])).toEqual([[13, '13900000001', '已是会员']]);
    const all = await rowsOf(v.id);
    expect(all.find((r: AnyData) => r.row === 15).data).toMatchObject({ phone: '139 0000 0018', birthday: '1985-05-06' });
    expect(await memberCount(owner.renterId)).toBe(before);
    // Nothing good without onlyValid.
    expect((await t.call(`${P}ImportData`, { id: v.id }, owner.token)).body).toMatchObject({
      code: 1,
      msg: '有10行数据有错误，请修改后重新上传，或选择仅导入正确的行',
    });
  });

  it('refuses a file that is not an .xlsx and one without data', async () => {
    expect(await upload(Buffer.from('phone,name\n1,2'))).toMatchObject({ code: 1001, msg: '文件格式不正确，请上传.xlsx文件' });
    expect(await upload(await xlsx([]))).toMatchObject({ code: 1001, msg: '文件中没有会员数据' });
  });

  it('maps columns by other headers; CheckUserPhone applies a new mapping', async () => {
    const data = await xlsx(
      [{ phone: '13900000020', name: '李四', remark: '13900000021' }],
      ['联系电话', '客户姓名', '随便'],
      ['phone', 'name', 'remark'],
    );
    const up = await upload(data);
    expect(up.data.mapping).toEqual({ phone: 0, name: 1 });
    const r = await t.call(`${P}CheckUserPhone`, { id: up.data.id, mapping: { phone: 2, name: 1 } }, owner.token);
    expect(r.body).toMatchObject({ code: 0, data: { mapping: { phone: 2, name: 1 }, counts: { total: 1, good: 1 } } });
    expect((await rowsOf(up.data.id))[0]).toMatchObject({ phone: '13900000021', name: '李四' });
    const none = await t.call(`${P}CheckUserPhone`, { id: up.data.id, mapping: { name: 1 } }, owner.token);
    expect(none.body).toMatchObject({ code: 1001, msg: '请为手机号选择对应的列' });
    const twice = await t.call(`${P}CheckUserPhone`, { id: up.data.id, mapping: { phone: 1, name: 1 } }, owner.token);
    expect(twice.body).toMatchObject({ code: 1001, msg: '同一列不能对应多个字段' });
    const far = await t.call(`${P}CheckUserPhone`, { id: up.data.id, mapping: { phone: 5 } }, owner.token);
    expect(far.body).toMatchObject({ code: 1001, msg: '所选列不存在' });
  });
});

describe('ImportData', () => {
  it('imports only the valid rows in chunks, with levels, tags, growth records and progress', async () => {
    MEMBER_IMPORT_CHUNK.rows = 2;
    const v = await check([
      { phone: '13910000001', name: '王五', sex: '男', birthday: '1991-3-4', level: '白银', tags: 'VIP、新客', growth: 5, remark: '备' },
      { phone: '13910000002', growth: 1500 },
      { phone: 'bad' },
      { phone: '13910000003', tags: 'VIP' },
      { phone: '13910000004' },
    ]);
    const done = await confirm(v.id, { onlyValid: true });
    expect(done.import).toMatchObject({ status: 2, statusText: '已完成', doneRows: 5, created: 4, updated: 0, skipped: 0 });
    expect(done.import.counts).toMatchObject({ total: 5, bad: 1 });
    expect(done.rows.rows.map((r: AnyData) => [r.row, r.resultText])).toEqual([
      [2, '新增'],
      [3, '新增'],
      [4, '错误'],
      [5, '新增'],
      [6, '新增'],
    ]);
    const m1 = await memberOf(owner.renterId, '13910000001');
    expect(m1).toMatchObject({
      kind: 1,
      source: 3,
      name: '王五',
      sex: 1,
      birthday: '1991-03-04',
      growth: 100,
      levelId: silver.id,
      remark: '备',
    });
    expect(m1.memberAt).not.toBeNull();
    expect((await memberOf(owner.renterId, '13910000002')).levelId).toBe(gold.id);
    expect((await memberOf(owner.renterId, '13910000004')).levelId).toBeNull();
    const links = await t.db.select().from(memberTagLinks).where(eq(memberTagLinks.memberId, m1.id));
    expect(links.map((l) => l.tagId).sort()).toEqual([vipTag.id, newTag.id].sort());
    const [vip] = await t.db.select().from(memberTags).where(eq(memberTags.id, vipTag.id));
    expect(vip.memberCount).toBe(2);
    const gr = await t.db.select().from(growthRecords).where(eq(growthRecords.memberId, m1.id));
    expect(gr).toMatchObject([{ change: 100, growthAfter: 100, kind: 4, levelAfter: '白银' }]);
    expect(await t.db.select().from(memberEvents).where(eq(memberEvents.memberId, m1.id))).toMatchObject([
      { kind: 'import', title: '导入成为会员' },
    ]);
    const pushes = t.hub.data.filter((d) => d.event === MEMBER_IMPORT_PROGRESS_EVENT && (d.payload as AnyData).id === v.id);
    expect(pushes.map((p) => [(p.payload as AnyData).status, (p.payload as AnyData).done])).toEqual([
      [4, 0],
      [4, 2],
      [4, 4],
      [2, 5],
    ]);
    const logs = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.action, '导入会员'), eq(operLogs.recordId, v.id)));
    expect(logs).toHaveLength(3);
    expect((await t.call(`${P}ImportData`, { id: v.id, onlyValid: true }, owner.token)).body).toMatchObject({
      code: 1,
      msg: '该文件已导入，请勿重复导入',
    });
  });

  it('a re-run of the same file skips the members it made; update mode updates the profile, never duplicates', async () => {
    const rows: Row[] = [
      { phone: '13920000001', name: '甲', tags: 'VIP' },
      { phone: '13920000002', name: '乙' },
    ];
    await confirm((await check(rows)).id);
    const count0 = await memberCount(owner.renterId);
    const again = await check(rows);
    expect(again.counts).toMatchObject({ total: 2, good: 2, existing: 2 });
    const skipped = await confirm(again.id, { existing: 1 });
    expect(skipped.import).toMatchObject({ created: 0, updated: 0, skipped: 2 });
    expect(skipped.rows.rows.map((r: AnyData) => r.resultText)).toEqual(['已是会员，跳过', '已是会员，跳过']);
    expect(await memberCount(owner.renterId)).toBe(count0);
    const changed = await check([
      { phone: '13920000001', name: '甲改', sex: '女', tags: 'VIP，新客' },
      { phone: '13920000003', name: '丙' },
    ]);
    const updated = await confirm(changed.id, { existing: 2 });
    expect(updated.import).toMatchObject({ created: 1, updated: 1, skipped: 0 });
    const m = await memberOf(owner.renterId, '13920000001');
    expect(m).toMatchObject({ name: '甲改', sex: 2 });
    const links = await t.db.select().from(memberTagLinks).where(eq(memberTagLinks.memberId, m.id));
    expect(links).toHaveLength(2);
    expect(await memberCount(owner.renterId)).toBe(count0 + 1);
    const ev = await t.db.select().from(memberEvents).where(eq(memberEvents.memberId, m.id));
    expect(ev.map((e) => e.title).sort()).toEqual(['导入成为会员', '导入更新资料']);
  });

  it('a chunk that ran already does nothing when its job runs again (resume after a crash)', async () => {
    MEMBER_IMPORT_CHUNK.rows = 2;
    const v = await check([{ phone: '13930000001' }, { phone: '13930000002' }, { phone: '13930000003' }]);
    expect((await t.call(`${P}ImportData`, { id: v.id }, owner.token)).body.code).toBe(0);
    // The first chunk commits; a crash before its job completed makes pg-boss run the same job again.
    const { sendJob } = await import('@/core/jobs');
    const { systemCtx } = await import('./helper');
    await t.services.jobs.runDue(['members.import']);
    await sendJob(systemCtx(t), 'members.import', { renterId: owner.renterId, importId: v.id, from: 0, afterRow: 1 });
    await runImports();
    const d = await t.ok(`${P}GetImportDetail`, { id: v.id }, owner.token);
    expect(d.import).toMatchObject({ status: 2, created: 3, doneRows: 3 });
  });

  it('a chunk that fails sets the import back with why; ImportData resumes after the committed rows, none twice', async () => {
    MEMBER_IMPORT_CHUNK.rows = 2;
    const v = await check([
      { phone: '13990000001' },
      { phone: '13990000002' },
      { phone: '13990000003', tags: 'VIP' },
      { phone: '13990000004' },
    ]);
    expect((await t.call(`${P}ImportData`, { id: v.id }, owner.token)).body.code).toBe(0);
    const spy = vi.spyOn(memberImportRepo, 'linkTags');
    spy.mockImplementationOnce(async () => undefined).mockRejectedValueOnce(new Error('database went away'));
    await runImports();
    spy.mockRestore();
    const failed = await t.ok(`${P}GetImportDetail`, { id: v.id }, owner.token);
    expect(failed.import).toMatchObject({ status: 1, doneRows: 2, created: 2, error: '导入失败，请稍后重试' });
    expect(await memberOf(owner.renterId, '13990000003')).toBeUndefined();
    expect((await t.call(`${P}CheckUserPhone`, { id: v.id, mapping: { phone: 0 } }, owner.token)).body).toMatchObject({
      code: 1,
      msg: '导入已开始，不能修改列对应，请继续导入',
    });
    const done = await confirm(v.id);
    expect(done.import).toMatchObject({ status: 2, doneRows: 4, created: 4, error: '' });
    expect(done.rows.rows.map((r: AnyData) => r.resultText)).toEqual(['新增', '新增', '新增', '新增']);
  });

  it('a tag removed between the check and the import makes its row bad at import time', async () => {
    MEMBER_IMPORT_CHUNK.rows = 2;
    const v = await check([{ phone: '13940000001', tags: '新客' }, { phone: '13940000002' }, { phone: '13940000003', tags: '临时' }]);
    expect(v.counts.bad).toBe(1);
    const [tmp] = await t.db.insert(memberTags).values({ renterId: owner.renterId, name: '临时' }).returning();
    await t.call(`${P}CheckUserPhone`, { id: v.id, mapping: v.mapping }, owner.token);
    expect((await t.call(`${P}ImportData`, { id: v.id }, owner.token)).body.code).toBe(0);
    // One chunk commits; then the database refuses the next (its tag is gone from under it: a bad row now).
    const [first] = await t.db.select().from(memberImports).where(eq(memberImports.id, v.id));
    expect(first.status).toBe(4);
    await t.db.delete(memberTags).where(eq(memberTags.id, tmp.id));
    await runImports();
    const d = await t.ok(`${P}GetImportDetail`, { id: v.id, filter: 'bad' }, owner.token);
    expect(d.import).toMatchObject({ status: 2, created: 2, doneRows: 3 });
    expect(d.rows.rows).toMatchObject([{ row: 4, error: '标签不存在：临时' }]);
  });
});

describe('lists, delete and refusals', () => {
  it('GetImportPage lists the renter’s imports with operator; DelImport removes finished ones and keeps members', async () => {
    const v = await check([{ phone: '13950000001' }], owner.token);
    const page = await t.ok(`${P}GetImportPage`, { page_size: 5 }, owner.token);
    expect(page.rows[0]).toMatchObject({ id: v.id, fileName: 'members.xlsx', status: 1, statusText: '待确认' });
    expect(page.rows[0].operator).not.toBe('');
    expect((await t.ok(`${P}GetImportPage`, { page_size: 5 }, other.token)).total_count).toBe(0);
    await confirm(v.id);
    expect((await t.call(`${P}DelImport`, { ids: [v.id] }, owner.token)).body).toMatchObject({ code: 0, msg: '删除成功' });
    expect((await t.call(`${P}GetImportDetail`, { id: v.id }, owner.token)).body).toMatchObject({ code: 1004, msg: '导入记录不存在' });
    expect(await memberOf(owner.renterId, '13950000001')).toBeTruthy();
  });

  it('another renter’s import ids answer like missing ones', async () => {
    const v = await check([{ phone: '13960000001' }]);
    for (const [path, body] of [
      ['GetImportDetail', { id: v.id }],
      ['GetCheckUserPhone', { id: v.id }],
      ['CheckUserPhone', { id: v.id, mapping: { phone: 0 } }],
      ['ImportData', { id: v.id, onlyValid: true }],
      ['DelImport', { ids: [v.id] }],
    ] as const) {
      expect((await t.call(`${P}${path}`, body, other.token)).body, path).toMatchObject({ code: 1004, msg: '导入记录不存在' });
    }
    expect((await t.ok(`${P}GetImportDetail`, { id: v.id }, owner.token)).import.status).toBe(1);
  });

  it('a view-only role reads but cannot upload, confirm or delete', async () => {
    const v = await check([{ phone: '13970000001' }]);
    const viewer = await t.addMember(owner.renterId, ['memberImport'], { exact: true });
    expect((await t.call(`${P}GetImportPage`, {}, viewer.token)).body.code).toBe(0);
    expect((await upload(await xlsx([{ phone: '13970000002' }]), viewer.token)).code).toBe(1003);
    for (const [path, body] of [
      ['ImportData', { id: v.id, onlyValid: true }],
      ['CheckUserPhone', { id: v.id, mapping: { phone: 0 } }],
      ['DelImport', { ids: [v.id] }],
    ] as const) {
      expect((await t.call(`${P}${path}`, body, viewer.token)).body.code, path).toBe(1003);
    }
  });

  it('an importing batch cannot be deleted', async () => {
    const v = await check([{ phone: '13980000001' }]);
    await t.call(`${P}ImportData`, { id: v.id }, owner.token);
    expect((await t.call(`${P}DelImport`, { ids: [v.id] }, owner.token)).body).toMatchObject({ code: 1, msg: '正在导入的记录不能删除' });
    await runImports();
  });
});
