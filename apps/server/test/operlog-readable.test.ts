import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operlogChanges } from '@/modules/account/operlog-changes';
import { createForm, makeApp, type Person, type TestApp, formInput } from './helper';

let t: TestApp;
let owner: Person;

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('可读日志店');
});
afterAll(() => t.close());

const P = '/Sys/Staff/';
const F = '/FromRep/FormReposi/';
type Row = { id: string; action: string; recordName: string; recordLink: string; recordId: string };
const rowsOf = async (token: string): Promise<Row[]> => (await t.ok(`${P}GetOperlogList`, { module: 'forms' }, token)).rows;
const rowOf = (rows: Row[], action: string) => rows.find((r) => r.action === action) as Row;

// Issue 12: the operation log showed raw ids and raw JSON.
describe('操作日志 reads as names and changed fields', () => {
  it('names the record (as logged at the time, else its current name) with a link to its screen while it exists', async () => {
    const id = await createForm(t, owner.token, { formName: '春季报名' });
    await t.ok(`${F}UpStateFrom`, { ids: [id], status: 0 }, owner.token);
    await t.ok(`${F}SaveFrom`, formInput({ formID: id, formName: '夏季报名' }), owner.token);

    let rows = await rowsOf(owner.token);
    // The status change logged no name: the form's current name, and its edit screen.
    expect(rowOf(rows, '表单失效')).toMatchObject({ recordName: '夏季报名', recordLink: `/FormResEdit?id=${id}` });
    // The creation shows the name it had then.
    expect(rowOf(rows, '新建表单')).toMatchObject({ recordName: '春季报名', recordLink: `/FormResEdit?id=${id}` });

    await t.ok(`${F}DelFrom`, { ids: [id] }, owner.token);
    rows = await rowsOf(owner.token);
    // Deleted: the names stay, the links go.
    expect(rowOf(rows, '删除表单')).toMatchObject({ recordName: '夏季报名', recordLink: '' });
    expect(rowOf(rows, '新建表单')).toMatchObject({ recordName: '春季报名', recordLink: '' });
    for (const r of rows) expect(r.recordName, r.action).not.toBe(r.recordId);
  });

  it('the detail lists only the fields that changed, labelled in Chinese, before → after', async () => {
    const id = await createForm(t, owner.token, { formName: '秋季报名', description: '说明' });
    await t.ok(`${F}SaveFrom`, formInput({ formID: id, formName: '冬季报名', description: '说明' }), owner.token);
    await t.ok(`${F}UpStateFrom`, { ids: [id], status: 0 }, owner.token);
    const rows = await rowsOf(owner.token);
    const edit = await t.ok(`${P}GetOperlogDetail`, { id: rowOf(rows, '编辑表单').id }, owner.token);
    expect(edit.changes).toEqual([{ field: 'name', label: '名称', before: '秋季报名', after: '冬季报名' }]);
    const off = await t.ok(`${P}GetOperlogDetail`, { id: rowOf(rows, '表单失效').id }, owner.token);
    expect(off.changes).toEqual([{ field: 'state', label: '状态', before: '1', after: '0' }]);
  });

  it('exports the same readable columns', async () => {
    const shop = await t.registerOwner('可读导出店');
    const id = await createForm(t, shop.token, { formName: '导出前' });
    await t.ok(`${F}SaveFrom`, formInput({ formID: id, formName: '导出后' }), shop.token);
    const res = await t.app.inject({
      method: 'POST',
      url: `${P}ExportOperlog`,
      headers: { token: shop.token },
      payload: { keyword: '编辑表单' },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['操作时间', '操作人', '手机号', '模块', '操作', '记录', '修改内容', 'IP地址', '记录ID']);
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(3, 7)).toEqual(['表单', '编辑表单', '导出后', '名称：导出前 → 导出后']);
    expect(rows[1][8]).toBe(id);
  });
});

describe('operlogChanges', () => {
  it('an edit: only fields that differ, of those the write set', () => {
    expect(operlogChanges({ name: 'a', sort: 1, id: 'x', createdAt: 'then' }, { name: 'b', sort: 1 })).toEqual([
      { field: 'name', label: '名称', before: 'a', after: 'b' },
    ]);
  });

  it('a batch: each value the records had, then the one they got', () => {
    expect(
      operlogChanges(
        [
          { id: '1', status: 0 },
          { id: '2', status: 1 },
        ],
        { status: 1 },
      ),
    ).toEqual([{ field: 'status', label: '状态', before: '0、1', after: '1' }]);
  });

  it('a creation lists what was set; a deletion of a batch its names; values read as text', () => {
    expect(operlogChanges(null, { title: '茶', joinVip: true, images: ['/a.png', '/b.png'], skus: [{ a: 1 }, { a: 2 }] })).toEqual([
      { field: 'title', label: '名称', before: '', after: '茶' },
      { field: 'joinVip', label: '参与会员折扣', before: '', after: '是' },
      { field: 'images', label: '商品图片', before: '', after: '/a.png、/b.png' },
      { field: 'skus', label: '规格明细', before: '', after: '共2项' },
    ]);
    expect(
      operlogChanges(
        [
          { id: '1', title: '茶' },
          { id: '2', title: '咖啡' },
        ],
        null,
      ),
    ).toEqual([{ field: 'name', label: '名称', before: '茶、咖啡', after: '' }]);
  });
});
