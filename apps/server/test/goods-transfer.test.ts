import {
  contract,
  EXPIRED_MSG,
  type EndpointMap,
  GOODS_IMPORT_PROGRESS_EVENT,
  GOODS_SHEET_HEADERS,
  GOODS_SHEET_KEYS,
  type GoodsSheetKey,
} from '@shop/contract';
import { and, count, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { goods, goodsImports, goodsSkus, operLogs } from '@/db/schema';
import { multipart } from '@/modules/files/files.fixtures';
import { inTx } from '@/core/context';
import { sendJob } from '@/core/jobs';
import { goodsTransferRepo } from '@/modules/goods/goods-transfer/goods-transfer.repository';
import { IMPORT_CHUNK } from '@/modules/goods/goods-transfer/goods-transfer.runner';
import { importConfirm } from '@/modules/goods/goods-transfer/goods-transfer.service';
import { type AnyData, makeApp, ownerCtx, type Person, systemCtx, type TestApp } from './helper';
import { raceIt } from './race';

let t: TestApp;
let owner: Person;
let other: Person;

const P = '/Goods/Goods/';
const CHECK = `${P}ImportCheck`;
const DETAIL = `${P}ImportDetail`;
const CONFIRM = `${P}ImportConfirm`;
const CANCEL = `${P}ImportCancel`;
const TEMPLATE = `${P}ImportTemplate`;
const EXPORT = `${P}ExportGoods`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADERS = GOODS_SHEET_KEYS.map((k) => GOODS_SHEET_HEADERS[k]);

type Row = Partial<Record<GoodsSheetKey, string | number>>;

/** An .xlsx with the template's headers (or others) and these rows. */
async function xlsx(rows: Row[], headers: string[] = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('商品');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(GOODS_SHEET_KEYS.map((k) => r[k] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(data: Buffer, token = owner.token, filename = 'goods.xlsx') {
  const { payload, headers } = multipart([{ name: 'file', filename, type: XLSX, data }]);
  const res = await t.app.inject({ method: 'POST', url: CHECK, payload, headers: { ...headers, token } });
  return res.json() as { code: number; msg: string; data: AnyData };
}
async function check(rows: Row[], token = owner.token): Promise<AnyData> {
  const r = await upload(await xlsx(rows), token);
  if (r.code !== 0) throw new Error(`ImportCheck failed: ${r.msg}`);
  return r.data;
}

/** Downloads a file endpoint and reads its first sheet as arrays of cell values. */
async function download(path: string, body: unknown, token = owner.token) {
  const res = await t.app.inject({ method: 'POST', url: path, headers: { token }, payload: body as object });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX);
  const filename = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(String(res.headers['content-disposition']))?.[1] ?? '');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { filename, wb, rows, raw: res.rawPayload, total: res.headers['x-total-count'] };
}

/** Runs the goods.import jobs that are due (the server's workers do it after the confirm's commit). */
const runImports = () => t.services.jobs.runDue(['goods.import']);

/**
 * ImportConfirm answers at once with the batch importing (4); the goods are written by the goods.import jobs. Answers
 * the batch once they ran.
 */
async function confirm(id: string, onlyValid = false, token = owner.token): Promise<AnyData> {
  const r = await t.call(CONFIRM, { id, onlyValid }, token);
  expect(r.body).toMatchObject({ code: 0, data: { id, status: 4 } });
  expect(r.body.msg).toBe(`正在导入${r.body.data.total}个商品`);
  await runImports();
  return t.ok(DETAIL, { id }, token);
}

/** The import progress pushed to an enterprise for a batch. */
const pushesOf = (id: string) =>
  t.hub.data
    .filter((d) => d.event === GOODS_IMPORT_PROGRESS_EVENT && (d.payload as AnyData).id === id)
    .map((d) => ({ to: d.to, ...(d.payload as AnyData) }));
/** The 导入商品 audit rows of a batch (one per chunk). */
const importLogs = (id: string) =>
  t.db
    .select()
    .from(operLogs)
    .where(and(eq(operLogs.action, '导入商品'), eq(operLogs.recordId, id)));

const goodsCount = async (renterId: string) =>
  Number((await t.db.select({ n: count() }).from(goods).where(eq(goods.renterId, renterId)))[0].n);
const byTitle = async (renterId: string, title: string) =>
  t.db
    .select()
    .from(goods)
    .where(and(eq(goods.renterId, renterId), eq(goods.title, title)));

let breadId: string;
beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('导入商品店'), t.registerOwner('隔壁导入店')]);
  const bake = (await t.ok('/Goods/GoodsType/save', { name: '烘焙' }, owner.token)).id;
  breadId = (await t.ok('/Goods/GoodsType/save', { name: '面包', parentId: bake }, owner.token)).id;
  await t.ok('/Goods/GoodUnit/save', { name: '个', status: 1 }, owner.token);
  await t.ok('/Goods/GoodUnit/save', { name: '件', status: 1 }, owner.token);
});
afterAll(async () => {
  await t.close();
});

describe('ImportTemplate', () => {
  it('downloads the headers, sample rows and a 说明 sheet, and the samples import cleanly', async () => {
    const x = await download(TEMPLATE, {});
    expect(x.filename).toBe('商品导入模板.xlsx');
    expect(x.wb.worksheets.map((w) => w.name)).toEqual(['商品', '说明']);
    expect(x.rows[0]).toEqual(HEADERS);
    expect(x.rows.length).toBeGreaterThan(1);
    const notes: unknown[] = [];
    x.wb.getWorksheet('说明')?.eachRow((r) => notes.push(r.getCell(1).value));
    expect(notes).toContain('商品分类');
    // The template itself parses back: its sample goods fit the demo-like catalogue made above.
    const r = await upload(x.raw);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ goodsCount: 2, badRows: 0, validGoods: 2, status: 1 });
    expect(r.data.rows.map((row: AnyData) => row.title)).toEqual(['全麦吐司', '牛角包礼盒', '牛角包礼盒']);
    await t.ok(CANCEL, { id: r.data.id }, owner.token);
  });
});

describe('ImportCheck and ImportConfirm', () => {
  const shirt = (colour: string, size: string, price: number, stock: number, over: Row = {}): Row => ({
    title: '条纹T恤',
    goodsNo: 'TS001',
    type: '实物',
    category: '烘焙/面包',
    unit: '件',
    spec1Name: '颜色',
    spec1Value: colour,
    spec2Name: '尺码',
    spec2Value: size,
    price,
    stock,
    status: '上架',
    ...over,
  });

  it('imports a goods with 2 specs as its full SKU matrix, writing nothing before the confirm', async () => {
    const preview = await check([
      shirt('红', 'S', 59, 10, { barcode: '690001', originalPrice: 79, cost: 20.5, weight: 200, code: 'R-S' }),
      shirt('红', 'M', 59, 8),
      // Later rows of a goods may leave the goods columns blank.
      { spec1Value: '蓝', spec2Value: 'S', price: 61.5, stock: 0 },
      { goodsNo: 'TS001', spec1Value: '蓝', spec2Value: 'M', price: 61.5, stock: 3 },
    ]);
    expect(preview).toMatchObject({ goodsCount: 1, validGoods: 1, badGoods: 0, totalRows: 4, badRows: 0 });
    expect(preview.rows.map((r: AnyData) => [r.row, r.specText, r.action, r.goodsOk])).toEqual([
      [2, '红 / S', 'create', true],
      [3, '红 / M', 'create', true],
      [4, '蓝 / S', 'create', true],
      [5, '蓝 / M', 'create', true],
    ]);
    expect(await byTitle(owner.renterId, '条纹T恤')).toHaveLength(0);

    const done = await confirm(preview.id);
    expect(done).toMatchObject({
      status: 2,
      importedCount: 1,
      error: '',
      progress: null,
      result: { created: 1, updated: 0, unchanged: 0, skipped: 0 },
    });
    // Progress went to the enterprise's room: goods written / total, then the result.
    const pushes = pushesOf(preview.id);
    expect(pushes[0]).toMatchObject({ status: 4, done: 0, total: 1 });
    expect(pushes.at(-1)).toMatchObject({ status: 2, done: 1, total: 1, result: { created: 1 } });
    expect(pushes.every((p) => p.to.endsWith(owner.renterId))).toBe(true);
    const [g] = await byTitle(owner.renterId, '条纹T恤');
    const d = await t.ok(`${P}detail`, { id: g.id }, owner.token);
    expect(d).toMatchObject({ goodsNo: 'TS001', type: 1, status: 1, categoryId: breadId, minPrice: 59, maxPrice: 61.5, totalStock: 21 });
    expect(d.specs).toEqual([
      { name: '颜色', values: ['红', '蓝'] },
      { name: '尺码', values: ['S', 'M'] },
    ]);
    expect(d.skus.map((s: AnyData) => [s.specValues, s.price, s.stock])).toEqual([
      [{ 颜色: '红', 尺码: 'S' }, 59, 10],
      [{ 颜色: '红', 尺码: 'M' }, 59, 8],
      [{ 颜色: '蓝', 尺码: 'S' }, 61.5, 0],
      [{ 颜色: '蓝', 尺码: 'M' }, 61.5, 3],
    ]);
    expect(d.skus[0]).toMatchObject({ originalPrice: 79, cost: 20.5, weight: 200, code: 'R-S', barcode: '690001' });
    const stored = await t.db.select().from(goodsSkus).where(eq(goodsSkus.goodsId, g.id));
    expect(stored.map((s) => s.priceFen).sort()).toEqual([5900, 5900, 6150, 6150]);
    const logs = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, owner.renterId), eq(operLogs.action, '导入商品')));
    expect(logs.map((l) => l.recordId)).toEqual([preview.id]);
    // A batch is imported once.
    expect((await t.call(CONFIRM, { id: preview.id }, owner.token)).body).toMatchObject({ code: 1, msg: '该文件已导入，请勿重复导入' });
    expect(await t.ok(DETAIL, { id: preview.id }, owner.token)).toMatchObject({ status: 2, importedCount: 1 });
  });

  it('lists every error of a bad row by row and column, and imports only the valid goods when asked', async () => {
    const before = await goodsCount(owner.renterId);
    const preview = await check([
      { title: '法棍', price: 9.9, stock: 50, category: '烘焙/面包', unit: '个' },
      { title: '可颂', price: -1, stock: 1.5, category: '烘焙/不存在', unit: '盒' },
      { title: '贝果', goodsNo: 'BG01', price: 'abc', stock: 3, spec1Name: '口味', spec1Value: '原味' },
      { title: '贝果', goodsNo: 'BG01', price: 8, stock: 3, spec1Name: '口味', spec1Value: '芝士' },
      { title: '', price: 8, stock: 3 },
      { title: '欧包', price: 12.345, stock: 5, type: '食品', status: '热卖' },
    ]);
    expect(preview).toMatchObject({ goodsCount: 4, validGoods: 1, badGoods: 3, totalRows: 6, badRows: 4 });
    const errorsOf = (row: number) => preview.rows.find((r: AnyData) => r.row === row).errors;
    expect(errorsOf(2)).toEqual([]);
    expect(errorsOf(3)).toEqual(
      expect.arrayContaining([
        '第3行：售价不能小于0',
        '第3行：库存须为整数',
        '第3行：商品分类「烘焙/不存在」不存在',
        '第3行：单位「盒」不存在',
      ]),
    );
    expect(errorsOf(4)).toEqual(['第4行：售价须为数字']);
    // The good row of a bad goods has no error of its own but is not importable.
    expect(preview.rows.find((r: AnyData) => r.row === 5)).toMatchObject({ errors: [], goodsOk: false, goodsIndex: 3 });
    // A row without title and number continues the goods above it.
    expect(errorsOf(6)).toEqual(['第6行：请填写规格1值']);
    expect(errorsOf(7)).toEqual(
      expect.arrayContaining(['第7行：售价最多保留两位小数', '第7行：商品类型只能填写实物、虚拟或服务', '第7行：状态只能填写上架或下架']),
    );
    expect(await goodsCount(owner.renterId)).toBe(before);

    const refused = await t.call(CONFIRM, { id: preview.id }, owner.token);
    expect(refused.body).toMatchObject({ code: 1, msg: '有4行数据有错误，请修改后重新上传，或选择仅导入正确的商品' });
    expect(await goodsCount(owner.renterId)).toBe(before);
    expect(await t.ok(DETAIL, { id: preview.id }, owner.token)).toMatchObject({ status: 1 });

    expect((await confirm(preview.id, true)).result).toEqual({ created: 1, updated: 0, unchanged: 0, skipped: 3 });
    expect(await goodsCount(owner.renterId)).toBe(before + 1);
    const [bread] = await byTitle(owner.renterId, '法棍');
    expect(bread).toMatchObject({ status: 0, type: 1, categoryId: breadId });
    expect(bread.goodsNo).toMatch(/^SP\d{6}$/);
    for (const title of ['可颂', '贝果', '欧包']) expect(await byTitle(owner.renterId, title)).toHaveLength(0);
  });

  it('applies the SKU matrix rules of the goods save', async () => {
    const preview = await check([
      { title: '套装', goodsNo: 'TZ1', spec1Name: '颜色', spec1Value: '红', spec2Name: '尺码', spec2Value: 'S', price: 1, stock: 1 },
      { title: '套装', goodsNo: 'TZ1', spec1Value: '红', spec2Value: 'S', price: 1, stock: 1 },
      { title: '套装', goodsNo: 'TZ1', spec1Value: '蓝', price: 1, stock: 1 },
      { title: '条码', goodsNo: 'TM1', spec1Name: '规格', spec1Value: '大', price: 1, stock: 1, barcode: 'X1' },
      { title: '条码', goodsNo: 'TM1', spec1Value: '小', price: 1, stock: 1, barcode: 'X1' },
      { title: '缺组合', goodsNo: 'QZ1', spec1Name: '颜色', spec1Value: '红', spec2Name: '尺码', spec2Value: 'S', price: 1, stock: 1 },
      { title: '缺组合', goodsNo: 'QZ1', spec1Value: '蓝', spec2Value: 'M', price: 1, stock: 1 },
      { title: '别名', goodsNo: 'TZ1', price: 1, stock: 1 },
    ]);
    const errorsOf = (row: number) => preview.rows.find((r: AnyData) => r.row === row).errors;
    expect(errorsOf(4)).toEqual(['第4行：请填写规格2值']);
    expect(errorsOf(6)).toEqual(['第6行：条形码「X1」重复']);
    expect(errorsOf(7)).toEqual(['第7行：规格组合「红 / M」未填写价格和库存']);
    expect(errorsOf(9)).toEqual(expect.arrayContaining(['第9行：同一商品的「商品名称」与第2行不一致', '第9行：请填写规格1值']));
    expect(preview.validGoods).toBe(0);
  });

  it('refuses files it cannot read, without the required columns, empty or too long', async () => {
    expect(await upload(Buffer.from('name,price\n面包,5\n'), owner.token, 'goods.xlsx')).toMatchObject({
      code: 1001,
      msg: '文件格式不正确，请上传.xlsx文件',
    });
    // A zip that is not a workbook.
    expect(await upload(Buffer.from('PK\u0003\u0004not really a zip'))).toMatchObject({ msg: '文件格式不正确，请上传.xlsx文件' });
    expect(await upload(await xlsx([{ title: '面包' }], ['商品名称', '库存']))).toMatchObject({
      code: 1001,
      msg: '文件缺少「售价」列，请使用导入模板',
    });
    expect(await upload(await xlsx([]))).toMatchObject({ code: 1001, msg: '文件中没有商品数据' });
    const many = Array.from({ length: 5001 }, (_, i) => ({ title: `商品${i}`, price: 1, stock: 1 }));
    expect(await upload(await xlsx(many))).toMatchObject({ code: 1001, msg: '每次最多导入5000行商品数据，请分多个文件导入' });
    const { payload, headers } = multipart([{ name: 'x', value: '1' }]);
    const res = await t.app.inject({ method: 'POST', url: CHECK, payload, headers: { ...headers, token: owner.token } });
    expect(res.json()).toMatchObject({ code: 1001, msg: '请选择要上传的文件' });
  });

  it('cancels a batch; a cancelled batch cannot be imported', async () => {
    const preview = await check([{ title: '取消的商品', price: 1, stock: 1 }]);
    expect(await t.call(CANCEL, { id: preview.id }, owner.token)).toMatchObject({ body: { code: 0, msg: '已取消导入' } });
    expect((await t.call(CONFIRM, { id: preview.id }, owner.token)).body).toMatchObject({ code: 1, msg: '该导入已取消，请重新上传' });
    expect(await byTitle(owner.renterId, '取消的商品')).toHaveLength(0);
  });

  it('refuses a confirm when the data changed after the preview, writing nothing', async () => {
    const tmp = (await t.ok('/Goods/GoodsType/save', { name: '临时分类' }, owner.token)).id;
    const preview = await check([
      { title: '变化前', price: 1, stock: 1 },
      { title: '临时商品', price: 1, stock: 1, category: '临时分类' },
    ]);
    expect(preview.validGoods).toBe(2);
    await t.ok('/Goods/GoodsType/delete', { ids: [tmp] }, owner.token);
    const r = await t.call(CONFIRM, { id: preview.id, onlyValid: true }, owner.token);
    expect(r.body).toMatchObject({ code: 1, msg: '第3行：商品分类「临时分类」不存在（预览后数据有变化，请重新上传）' });
    expect(await byTitle(owner.renterId, '变化前')).toHaveLength(0);
    // Refused before the import started: the batch is still the preview.
    expect(await t.ok(DETAIL, { id: preview.id }, owner.token)).toMatchObject({ status: 1, error: '' });
  });

  raceIt('starts one import of two confirms at once', async () => {
    const preview = await check([{ title: '并发导入', price: 1, stock: 1 }]);
    const [a, b] = await Promise.all([t.call(CONFIRM, { id: preview.id }, owner.token), t.call(CONFIRM, { id: preview.id }, owner.token)]);
    const bodies = [a.body, b.body];
    expect(bodies.filter((x) => x.code === 0)).toHaveLength(1);
    expect(bodies.find((x) => x.code !== 0)?.msg).toMatch(/^该文件(正在导入|已导入)，请勿重复导入$/);
    await runImports();
    expect(await t.ok(DETAIL, { id: preview.id }, owner.token)).toMatchObject({ status: 2, importedCount: 1 });
    expect(await byTitle(owner.renterId, '并发导入')).toHaveLength(1);
  });

  it('a chunk that fails writes none of its goods and sets the batch back to the preview; confirmed again, it imports', async () => {
    const existing = await check([{ title: '回滚前', goodsNo: 'RB001', price: 5, stock: 5 }]);
    await confirm(existing.id);
    const preview = await check([
      { title: '回滚新品', price: 1, stock: 1 },
      { title: '回滚前', goodsNo: 'RB001', price: 6, stock: 5 },
    ]);
    // One chunk: the new goods is written first; the update of RB001 then fails.
    const spy = vi.spyOn(goodsTransferRepo, 'updateGoods').mockRejectedValueOnce(new Error('disk full'));
    const failed = await confirm(preview.id);
    spy.mockRestore();
    expect(failed).toMatchObject({ status: 1, error: '导入失败，请稍后重试', importedCount: 0, progress: null });
    expect(pushesOf(preview.id).at(-1)).toMatchObject({ status: 1, error: '导入失败，请稍后重试' });
    expect(await byTitle(owner.renterId, '回滚新品')).toHaveLength(0);
    expect((await t.ok(`${P}list`, { keyword: 'RB001' }, owner.token)).rows[0]).toMatchObject({ minPrice: 5 });

    // Data changed between the confirm's answer and the job: refused there with the reason.
    const tmp = (await t.ok('/Goods/GoodsType/save', { name: '后台分类' }, owner.token)).id;
    const late = await check([
      { title: '后台前', price: 1, stock: 1 },
      { title: '后台商品', price: 1, stock: 1, category: '后台分类' },
    ]);
    expect((await t.call(CONFIRM, { id: late.id }, owner.token)).body).toMatchObject({ code: 0, data: { status: 4 } });
    await t.ok('/Goods/GoodsType/delete', { ids: [tmp] }, owner.token);
    await runImports();
    expect(await t.ok(DETAIL, { id: late.id }, owner.token)).toMatchObject({
      status: 1,
      error: '第3行：商品分类「后台分类」不存在（预览后数据有变化，请重新上传）',
    });
    expect(await byTitle(owner.renterId, '后台前')).toHaveLength(0);

    // The failed batch is a preview again: confirmed again, it imports.
    expect((await confirm(preview.id)).result).toEqual({ created: 1, updated: 1, unchanged: 0, skipped: 0 });
    expect(await byTitle(owner.renterId, '回滚新品')).toHaveLength(1);
  });
});

describe('ImportConfirm on the job queue (goods.import, one job per chunk)', () => {
  const size = IMPORT_CHUNK.goods;
  beforeEach(() => {
    IMPORT_CHUNK.goods = 2;
  });
  afterEach(() => {
    IMPORT_CHUNK.goods = size;
    vi.restoreAllMocks();
  });
  const countOf = async (prefix: string) => {
    const rows = await t.db
      .select({ title: goods.title })
      .from(goods)
      .where(and(eq(goods.renterId, owner.renterId), like(goods.title, `${prefix}%`)));
    return { all: rows.length, distinct: new Set(rows.map((r) => r.title)).size };
  };
  /** A goods.import job sent by hand, as a crash leaves one to run again (the queue delivers at least once). */
  const sendAgain = (batchId: string, from: number) =>
    inTx(systemCtx(t), (tx) => sendJob(tx, 'goods.import', { renterId: owner.renterId, batchId, from }));

  it('commits chunk by chunk with progress; a chunk that fails keeps the earlier ones, and a new confirm resumes after them', async () => {
    const preview = await check(Array.from({ length: 5 }, (_, i) => ({ title: `分批商品${i + 1}`, price: 1, stock: 1 })));
    expect((await t.call(CONFIRM, { id: preview.id }, owner.token)).body).toMatchObject({ code: 0, msg: '正在导入5个商品' });
    expect(await t.ok(DETAIL, { id: preview.id }, owner.token)).toMatchObject({
      status: 4,
      importedCount: 0,
      progress: { done: 0, total: 5 },
    });

    // The third chunk's insert fails: it rolls back alone.
    const insert = goodsTransferRepo.insertGoods;
    let calls = 0;
    vi.spyOn(goodsTransferRepo, 'insertGoods').mockImplementation(async (db, rows) => {
      calls += 1;
      if (calls === 3) throw new Error('disk full');
      return insert.call(goodsTransferRepo, db, rows);
    });
    expect(await runImports()).toBe(3);
    expect(await t.ok(DETAIL, { id: preview.id }, owner.token)).toMatchObject({
      status: 1,
      importedCount: 4,
      progress: null,
      error: '导入失败，请稍后重试',
    });
    expect(await countOf('分批商品')).toEqual({ all: 4, distinct: 4 });
    expect(pushesOf(preview.id).map((p) => [p.status, p.done, p.total])).toEqual([
      [4, 0, 5],
      [4, 2, 5],
      [4, 4, 5],
      [1, 4, 5],
    ]);
    expect(await importLogs(preview.id)).toHaveLength(2);

    // The first chunk's job delivered again (its chunk committed, then the worker died before completing it): nothing.
    await sendAgain(preview.id, 0);
    expect(await runImports()).toBe(1);
    expect(await countOf('分批商品')).toEqual({ all: 4, distinct: 4 });
    expect(await t.ok(DETAIL, { id: preview.id }, owner.token)).toMatchObject({ status: 1, importedCount: 4 });

    // Confirmed again: the fifth goods only, and the counts of the whole batch.
    vi.restoreAllMocks();
    expect((await confirm(preview.id)).result).toEqual({ created: 5, updated: 0, unchanged: 0, skipped: 0 });
    expect(await countOf('分批商品')).toEqual({ all: 5, distinct: 5 });
    expect(await t.ok(DETAIL, { id: preview.id }, owner.token)).toMatchObject({ status: 2, importedCount: 5 });
    expect(pushesOf(preview.id).at(-1)).toMatchObject({ status: 2, done: 5, total: 5, result: { created: 5 } });
    expect(await importLogs(preview.id)).toHaveLength(3);

    // Any chunk's job run again after the end changes nothing.
    for (const from of [0, 2, 4]) {
      await sendAgain(preview.id, from);
      expect(await runImports()).toBe(1);
    }
    expect(await countOf('分批商品')).toEqual({ all: 5, distinct: 5 });
    expect(await importLogs(preview.id)).toHaveLength(3);
  });

  it('counts skipped and unchanged goods across chunks', async () => {
    const first = await check([{ title: '跨批已有', goodsNo: 'KP001', price: 3, stock: 3 }]);
    await confirm(first.id);
    const preview = await check([
      { title: '跨批新品1', price: 1, stock: 1 },
      { title: '跨批坏品', price: -1, stock: 1 },
      { title: '跨批已有', goodsNo: 'KP001', price: 3, stock: 3 },
      { title: '跨批新品2', price: 1, stock: 1 },
      { title: '跨批已有', goodsNo: 'KP002', price: 1, stock: 1 },
    ]);
    const done = await confirm(preview.id, true);
    expect(done).toMatchObject({ status: 2, importedCount: 4, result: { created: 3, updated: 0, unchanged: 1, skipped: 1 } });
    expect(await importLogs(preview.id)).toHaveLength(3);
  });

  it('a confirm in a transaction that rolls back sends no job and imports nothing', async () => {
    const preview = await check([{ title: '回滚的确认', price: 1, stock: 1 }]);
    await expect(
      inTx(ownerCtx(t, owner), async (tx) => {
        await importConfirm(tx, preview.id, false);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await runImports()).toBe(0);
    expect(await t.ok(DETAIL, { id: preview.id }, owner.token)).toMatchObject({ status: 1, error: '' });
    expect(await byTitle(owner.renterId, '回滚的确认')).toHaveLength(0);
    expect(pushesOf(preview.id)).toEqual([]);
  });
});

describe('ExportGoods', () => {
  it('exports the filtered list in the import columns, and the file imports back as updates', async () => {
    const id = (
      await t.ok(
        `${P}save`,
        {
          title: '导出奶茶',
          goodsNo: 'EX001',
          categoryId: breadId,
          sellingPoint: '少糖',
          description: '<p>详情保留</p>',
          images: ['/file/a.png'],
          specs: [
            { name: '杯型', values: ['中杯', '大杯'] },
            { name: '温度', values: ['冰', '热'] },
          ],
          skus: [
            { specValues: { 杯型: '中杯', 温度: '冰' }, price: 12, stock: 5, barcode: '0012345' },
            { specValues: { 杯型: '中杯', 温度: '热' }, price: 12, stock: 6 },
            { specValues: { 杯型: '大杯', 温度: '冰' }, price: 15.5, stock: 7 },
            { specValues: { 杯型: '大杯', 温度: '热' }, price: 15.5, stock: 8, cost: 3.2 },
          ],
          status: 1,
        },
        owner.token,
      )
    ).id;
    const skusBefore = (await t.ok(`${P}detail`, { id }, owner.token)).skus;
    const x = await download(EXPORT, { keyword: '导出奶茶' });
    expect(x.filename).toMatch(/^商品列表_\d{12}\.xlsx$/);
    expect(x.total).toBe('1');
    expect(x.rows[0]).toEqual(HEADERS);
    expect(x.rows).toHaveLength(5);
    const col = (k: GoodsSheetKey) => GOODS_SHEET_KEYS.indexOf(k);
    expect(x.rows[1][col('goodsNo')]).toBe('EX001');
    expect(x.rows[1][col('category')]).toBe('烘焙/面包');
    expect(x.rows[1][col('barcode')]).toBe('0012345');
    expect(x.rows[1][col('status')]).toBe('上架');
    expect(x.rows.slice(1).map((r) => [r[col('spec1Value')], r[col('spec2Value')], r[col('price')], r[col('stock')]])).toEqual([
      ['中杯', '冰', 12, 5],
      ['中杯', '热', 12, 6],
      ['大杯', '冰', 15.5, 7],
      ['大杯', '热', 15.5, 8],
    ]);

    // Change a price and a stock in the exported file and import it back.
    const ws = x.wb.worksheets[0];
    ws.getRow(3).getCell(col('price') + 1).value = 13;
    ws.getRow(5).getCell(col('stock') + 1).value = 0;
    const r = await upload(Buffer.from(await x.wb.xlsx.writeBuffer()));
    expect(r.data).toMatchObject({ goodsCount: 1, validGoods: 1, badRows: 0 });
    expect(r.data.rows.every((row: AnyData) => row.action === 'update')).toBe(true);
    const before = await goodsCount(owner.renterId);
    expect((await confirm(r.data.id)).result).toEqual({ created: 0, updated: 1, unchanged: 0, skipped: 0 });
    expect(await goodsCount(owner.renterId)).toBe(before);
    const d = await t.ok(`${P}detail`, { id }, owner.token);
    expect(d).toMatchObject({
      title: '导出奶茶',
      sellingPoint: '少糖',
      description: '<p>详情保留</p>',
      images: ['/file/a.png'],
      status: 1,
    });
    expect(d.skus.map((s: AnyData) => [s.skuId, s.price, s.stock])).toEqual([
      [skusBefore[0].skuId, 12, 5],
      [skusBefore[1].skuId, 13, 6],
      [skusBefore[2].skuId, 15.5, 7],
      [skusBefore[3].skuId, 15.5, 0],
    ]);
    expect(d.skus[3].cost).toBe(3.2);

    // The same file again changes nothing: the goods counts as unchanged and is not written.
    const again = await upload(Buffer.from(await x.wb.xlsx.writeBuffer()));
    expect((await confirm(again.data.id)).result).toMatchObject({ updated: 0, unchanged: 1 });
    expect((await t.ok(`${P}detail`, { id }, owner.token)).updateTime).toBe(d.updateTime);
  });

  it('reads more goods than one page in the order of the list sorter, and honours the filters', async () => {
    const rows: Row[] = Array.from({ length: 230 }, (_, i) => ({
      title: `批量商品${i}`,
      goodsNo: `PL${String(i).padStart(4, '0')}`,
      price: i + 1,
      stock: i % 3,
    }));
    const preview = await check(rows);
    expect(preview.validGoods).toBe(230);
    expect((await confirm(preview.id)).result).toMatchObject({ created: 230 });
    const x = await download(EXPORT, { keyword: '批量商品', sorter: [{ field: 'price', order: 'descend' }] });
    expect(x.total).toBe('230');
    const nos = x.rows.slice(1).map((r) => r[GOODS_SHEET_KEYS.indexOf('goodsNo')]);
    expect(nos).toHaveLength(230);
    expect(nos[0]).toBe('PL0229');
    expect(nos.at(-1)).toBe('PL0000');
    expect(new Set(nos).size).toBe(230);
    const cheap = await download(EXPORT, { keyword: '批量商品', maxPrice: 10, minStock: 1 });
    // Price 1–10 (PL0000–PL0009) with some stock (i % 3 ≠ 0).
    expect(
      cheap.rows
        .slice(1)
        .map((r) => r[GOODS_SHEET_KEYS.indexOf('goodsNo')])
        .sort(),
    ).toEqual(['PL0001', 'PL0002', 'PL0004', 'PL0005', 'PL0007', 'PL0008']);
  });
});

describe('tenancy and permissions', () => {
  it("keeps batches and goods to their enterprise: another's batch answers like an unknown one", async () => {
    const preview = await check([{ title: '我的商品', price: 1, stock: 1 }]);
    const missing = { code: 1004, msg: '导入记录不存在' };
    expect((await t.call(DETAIL, { id: preview.id }, other.token)).body).toMatchObject(missing);
    expect((await t.call(CONFIRM, { id: preview.id, onlyValid: true }, other.token)).body).toMatchObject(missing);
    expect((await t.call(CANCEL, { id: preview.id }, other.token)).body).toMatchObject(missing);
    expect(await goodsCount(other.renterId)).toBe(0);
    const theirs = await download(EXPORT, {}, other.token);
    expect(theirs.rows).toHaveLength(1);
    // Their goods number TS001 is a new goods for them, not an update of mine.
    const mine = await check([{ title: '同编号', goodsNo: 'TS001', price: 1, stock: 1 }], other.token);
    expect(mine.rows[0].action).toBe('create');
    const stored = await t.db.select().from(goodsImports).where(eq(goodsImports.id, preview.id));
    expect(stored[0].renterId).toBe(owner.renterId);
  });

  it('needs the Goodlist grant for every call', async () => {
    const endpoints = Object.values(contract.goodsTransfer as EndpointMap);
    expect(endpoints.every((e) => typeof e.permission === 'object' && e.permission.menu === 'Goodlist')).toBe(true);
    const clerk = await t.addMember(owner.renterId, ['Catelist']);
    const preview = await check([{ title: '权限商品', price: 1, stock: 1 }]);
    for (const e of endpoints) {
      const r = await t.call(e.path, { id: preview.id }, clerk.token);
      expect(r.body, e.path).toMatchObject({ code: 1003, msg: '没有权限执行此操作' });
      expect((await t.call(e.path, { id: preview.id })).body).toMatchObject({ code: 401, msg: EXPIRED_MSG });
    }
    const refused = await upload(await xlsx([{ title: '越权', price: 1, stock: 1 }]), clerk.token);
    expect(refused).toMatchObject({ code: 1003 });
    const manager = await t.addMember(owner.renterId, ['Goodlist']);
    expect(await t.ok(DETAIL, { id: preview.id }, manager.token)).toMatchObject({ id: preview.id, status: 1 });
  });
});
