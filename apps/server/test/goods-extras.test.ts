import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods, operLogs } from '@/db/schema';
import { fmtTime } from '@/core/time';
import { startScheduledSales } from '@/modules/goods/goods/goods-schedule';
import { sanitizeHtml } from '@/modules/goods/goods/goods.sanitize';
import { type AnyData, makeApp, type Person, systemCtx, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('扩展商品店'), t.registerOwner('隔壁扩展店')]);
});
afterAll(() => t.close());

const P = '/Goods/Goods/';
const SAVE = `${P}save`;
const KEYS = `${P}GetRenterPropertyKeys`;
const KEY_LIST = `${P}RenterPropertyKeyList`;
const KEY_SAVE = `${P}SaveRenterPropertyKey`;
const KEY_DELETE = `${P}DeleteRenterPropertyKey`;
const LOGISTICS = `${P}BatchEditGoodsLogistics`;
const START_SALE = `${P}SetStartSale`;

const plain = (title: string, over: Record<string, unknown> = {}) => ({ title, skus: [{ specValues: {}, price: 10, stock: 5 }], ...over });
const create = async (body: Record<string, unknown>, token = owner.token): Promise<string> => (await t.ok(SAVE, body, token)).id;
const detail = (id: string, token = owner.token): Promise<AnyData> => t.ok(`${P}detail`, { id }, token);
const refusal = async (path: string, body: unknown, token = owner.token) => (await t.call(path, body, token)).body;
const newKey = async (name: string, values: string[] = [], token = owner.token): Promise<string> =>
  (await t.ok(KEY_SAVE, { name, values }, token)).id;
const logsOf = (recordId: string) =>
  t.db
    .select()
    .from(operLogs)
    .where(and(eq(operLogs.module, 'goods'), like(operLogs.recordId, `%${recordId}%`)));
/** A time as the API reads and writes it (the display zone). */
const fmt = (d: Date) => fmtTime(d);

describe('delivery, post fee mode, warranty and extensions on save / detail', () => {
  it('stores them and answers them, extensions with the key names', async () => {
    const origin = await newKey('产地', ['云南', '四川']);
    const shelf = await newKey('保质期');
    const id = await create(
      plain('普洱茶', {
        delivery: ['local', 'express'],
        postFeeMode: 1,
        postFee: 8.5,
        warrantyDays: 365,
        trackSerial: true,
        extensions: [
          { key: origin, value: '云南' },
          { key: shelf, value: '  十年  ' },
        ],
      }),
    );
    expect(await detail(id)).toMatchObject({
      delivery: ['express', 'local'],
      postFeeMode: 1,
      postFee: 8.5,
      warrantyDays: 365,
      trackSerial: true,
      extensions: [
        { key: origin, name: '产地', value: '云南' },
        { key: shelf, name: '保质期', value: '十年' },
      ],
    });
    // A renamed key shows its new name on the goods.
    await t.ok(KEY_SAVE, { id: origin, name: '原产地', values: ['云南'] }, owner.token);
    expect((await detail(id)).extensions[0]).toMatchObject({ key: origin, name: '原产地', value: '云南' });
    // Defaults of a goods saved without them.
    expect(await detail(await create(plain('默认物流')))).toMatchObject({
      delivery: ['express'],
      postFeeMode: 1,
      warrantyDays: 0,
      extensions: [],
    });
  });

  it('refuses no delivery, an unknown one, template post fees, bad warranty and bad extensions', async () => {
    expect(await refusal(SAVE, plain('无配送', { delivery: [] }))).toMatchObject({
      code: 1001,
      msg: '请至少选择一种配送方式',
      data: { errors: [{ field: 'delivery', msg: '请至少选择一种配送方式' }] },
    });
    expect(await refusal(SAVE, plain('坏配送', { delivery: ['drone'] }))).toMatchObject({ msg: '配送方式不正确' });
    expect(await refusal(SAVE, plain('模板运费', { postFeeMode: 2 }))).toMatchObject({
      msg: '请选择运费模板',
      data: { errors: [{ field: 'freightTemplateId' }] },
    });
    expect(await refusal(SAVE, plain('保修过长', { warrantyDays: 3651 }))).toMatchObject({ msg: '保修天数不能超过3650天' });
    expect(await refusal(SAVE, plain('保修负数', { warrantyDays: -1 }))).toMatchObject({ msg: '保修天数不能小于0' });
    const colour = await newKey('色泽');
    expect(await refusal(SAVE, plain('空值', { extensions: [{ key: colour, value: ' ' }] }))).toMatchObject({ msg: '请填写扩展属性的值' });
    expect(
      await refusal(
        SAVE,
        plain('重复', {
          extensions: [
            { key: colour, value: '红' },
            { key: colour, value: '蓝' },
          ],
        }),
      ),
    ).toMatchObject({ msg: '扩展属性「色泽」重复', data: { errors: [{ field: 'extensions' }] } });
    // Another enterprise's key is as unknown as a made-up one.
    const theirs = await newKey('他家属性', [], other.token);
    expect(await refusal(SAVE, plain('借用', { extensions: [{ key: theirs, value: 'x' }] }))).toMatchObject({
      msg: '扩展属性不存在，请刷新后重新选择',
    });
    const none = await t.db.select({ id: goods.id }).from(goods).where(eq(goods.title, '借用'));
    expect(none).toHaveLength(0);
  });

  it('copies keep them', async () => {
    const key = await newKey('材质');
    const id = await create(plain('原件', { delivery: ['pickup'], warrantyDays: 30, extensions: [{ key, value: '棉' }] }));
    const copy = (await t.ok(`${P}copy`, { id }, owner.token)).id;
    expect(await detail(copy)).toMatchObject({ delivery: ['pickup'], warrantyDays: 30, extensions: [{ key, name: '材质', value: '棉' }] });
  });
});

describe('renter property keys', () => {
  it('lists them all for the form, paged with goods counts for the dialog, per enterprise', async () => {
    const mine = await t.addMember(owner.renterId, ['Goodlist']);
    const a = await newKey('重量规格', ['500g', '1kg'], mine.token);
    await create(plain('用了重量', { extensions: [{ key: a, value: '500g' }] }));
    await create(plain('也用了重量', { extensions: [{ key: a, value: '1kg' }] }));
    const all: AnyData[] = await t.ok(KEYS, {}, owner.token);
    expect(all.find((k) => k.id === a)).toEqual({ id: a, name: '重量规格', values: ['500g', '1kg'] });
    expect((await t.ok(KEYS, {}, other.token)).map((k: AnyData) => k.name)).not.toContain('重量规格');
    const page = await t.ok(KEY_LIST, { keyword: '重量', page_size: 10 }, owner.token);
    expect(page).toMatchObject({ total_count: 1, rows: [{ id: a, name: '重量规格', goodsCount: 2 }] });
    expect((await t.ok(KEY_LIST, { keyword: '重量' }, other.token)).total_count).toBe(0);
    const first = await t.ok(KEY_LIST, { page_size: 1, page_index: 1 }, owner.token);
    expect(first.rows).toHaveLength(1);
    expect(first.total_count).toBe(all.length);
  });

  it('refuses a duplicate name, bad values, and another enterprise editing or deleting them', async () => {
    const id = await newKey('包装');
    expect(await refusal(KEY_SAVE, { name: '包装' })).toMatchObject({ msg: '属性名称已存在', data: { errors: [{ field: 'name' }] } });
    expect(await refusal(KEY_SAVE, { name: '' })).toMatchObject({ msg: '请输入属性名称' });
    expect(await refusal(KEY_SAVE, { name: '长'.repeat(21) })).toMatchObject({ msg: '属性名称不能超过20个字' });
    expect(await refusal(KEY_SAVE, { name: '重复值', values: ['盒', '盒'] })).toMatchObject({ msg: '属性值不能重复' });
    // The same name in another enterprise is fine.
    await newKey('包装', [], other.token);
    expect(await refusal(KEY_SAVE, { id, name: '抢走' }, other.token)).toMatchObject({ msg: '扩展属性不存在' });
    expect(await refusal(KEY_DELETE, { ids: [id] }, other.token)).toMatchObject({ msg: '扩展属性不存在' });
    expect((await t.ok(KEYS, {}, owner.token)).find((k: AnyData) => k.id === id)).toMatchObject({ name: '包装' });
  });

  it('refuses deleting a key goods use, deletes it once they no longer do', async () => {
    const used = await newKey('口味');
    const spare = await newKey('闲置属性');
    const id = await create(plain('辣条', { extensions: [{ key: used, value: '麻辣' }] }));
    expect(await refusal(KEY_DELETE, { ids: [spare, used] })).toMatchObject({ msg: '扩展属性「口味」已被1个商品使用，不能删除' });
    // A refusal deletes none of the selection.
    expect((await t.ok(KEYS, {}, owner.token)).map((k: AnyData) => k.id)).toEqual(expect.arrayContaining([used, spare]));
    await t.ok(SAVE, { id, ...plain('辣条', { extensions: [] }) }, owner.token);
    const r = await t.call(KEY_DELETE, { ids: [spare, used] }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '删除成功!' });
    expect((await t.ok(KEYS, {}, owner.token)).map((k: AnyData) => k.id)).not.toContain(used);
    expect((await logsOf(used)).map((l) => l.action)).toContain('删除扩展属性');
  });

  it('never leaves a goods pointing at a deleted key when a save and a delete race', async () => {
    for (let i = 0; i < 6; i++) {
      const key = await newKey(`竞速${i}`);
      const [saved, deleted] = await Promise.all([
        t.call(SAVE, plain(`竞速商品${i}`, { extensions: [{ key, value: 'x' }] }), owner.token),
        t.call(KEY_DELETE, { ids: [key] }, owner.token),
      ]);
      // Whichever came first wins; both never succeed.
      expect([saved.body.code, deleted.body.code]).toContain(0);
      expect(saved.body.code === 0 && deleted.body.code === 0).toBe(false);
      if (saved.body.code === 0) expect((await detail(saved.body.data.id)).extensions).toEqual([{ key, name: `竞速${i}`, value: 'x' }]);
    }
  });

  it('needs Goodlist', async () => {
    const clerk = await t.addMember(owner.renterId, ['Catelist']);
    for (const path of [KEYS, KEY_LIST]) expect(await refusal(path, {}, clerk.token)).toMatchObject({ msg: '没有权限执行此操作' });
    expect(await refusal(KEY_SAVE, { name: '越权' }, clerk.token)).toMatchObject({ msg: '没有权限执行此操作' });
  });
});

describe('bulk setters', () => {
  it('joinvip, showvipprice and havevipprice set one flag on every goods given, audited', async () => {
    const a = await create(plain('会员甲'));
    const b = await create(plain('会员乙', { showvipprice: true }));
    const r = await t.call(`${P}joinvip`, { ids: [a, b], value: true }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '开启成功' });
    await t.ok(`${P}havevipprice`, { ids: [a], value: true }, owner.token);
    expect((await t.call(`${P}showvipprice`, { ids: [b], value: false }, owner.token)).body.msg).toBe('关闭成功');
    expect(await detail(a)).toMatchObject({ joinvip: true, showvipprice: false, havevipprice: true });
    expect(await detail(b)).toMatchObject({ joinvip: true, showvipprice: false, havevipprice: false });
    expect((await logsOf(b)).map((l) => l.action)).toEqual(expect.arrayContaining(['批量设置参与会员折扣', '批量设置不显示会员价']));
    expect(await refusal(`${P}joinvip`, { ids: [a] })).toMatchObject({ msg: '请选择开启或关闭' });
  });

  it('BatchEditGoodsLogistics sets delivery and a flat post fee; refuses templates and no delivery', async () => {
    const a = await create(plain('物流甲', { postFee: 3 }));
    const b = await create(plain('物流乙', { delivery: ['pickup'] }));
    const r = await t.call(LOGISTICS, { ids: [a, b], delivery: ['pickup', 'express'], postFeeMode: 1, postFee: 12.34 }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '物流设置已修改' });
    for (const id of [a, b]) expect(await detail(id)).toMatchObject({ delivery: ['express', 'pickup'], postFeeMode: 1, postFee: 12.34 });
    const stored = await t.db.select({ fen: goods.postFeeFen }).from(goods).where(eq(goods.id, a));
    expect(stored[0].fen).toBe(1234);
    expect(await refusal(LOGISTICS, { ids: [a], delivery: ['local'], postFeeMode: 2 })).toMatchObject({
      msg: '请选择运费模板',
    });
    expect(await refusal(LOGISTICS, { ids: [a], delivery: [] })).toMatchObject({ msg: '请至少选择一种配送方式' });
    expect(await refusal(LOGISTICS, { ids: [a], delivery: ['local'], postFee: -1 })).toMatchObject({ msg: '运费不能小于0' });
    expect(await detail(a)).toMatchObject({ delivery: ['express', 'pickup'], postFee: 12.34 });
    expect((await logsOf(a)).map((l) => l.action)).toContain('批量修改物流');
  });

  it("treats another enterprise's goods as missing and changes none of a mixed selection", async () => {
    const mine = await create(plain('本店的'));
    const theirs = await create(plain('别家的'), other.token);
    const missing = { msg: '商品不存在' };
    expect(await refusal(`${P}joinvip`, { ids: [mine, theirs], value: true })).toMatchObject(missing);
    expect(await refusal(`${P}showvipprice`, { ids: [theirs], value: true })).toMatchObject(missing);
    expect(await refusal(`${P}havevipprice`, { ids: [theirs], value: true })).toMatchObject(missing);
    expect(await refusal(LOGISTICS, { ids: [mine, theirs], delivery: ['local'] })).toMatchObject(missing);
    expect(await refusal(START_SALE, { ids: [theirs], startSaleAt: null })).toMatchObject(missing);
    expect(await detail(mine)).toMatchObject({ joinvip: false, delivery: ['express'] });
    expect(await detail(theirs, other.token)).toMatchObject({ joinvip: false, delivery: ['express'], showvipprice: false });
  });

  it('need Goodlist', async () => {
    const clerk = await t.addMember(owner.renterId, ['Unit']);
    const id = await create(plain('权限'));
    for (const [path, body] of [
      [`${P}joinvip`, { ids: [id], value: true }],
      [LOGISTICS, { ids: [id], delivery: ['express'] }],
      [START_SALE, { ids: [id], startSaleAt: null }],
    ] as const) {
      expect(await refusal(path, body, clerk.token)).toMatchObject({ msg: '没有权限执行此操作' });
    }
  });
});

describe('start-sale schedule', () => {
  it('SetStartSale schedules goods, null drops the schedule, a past time is refused', async () => {
    const onSale = await create(plain('在售改定时', { status: 1 }));
    const stored = await create(plain('仓库改定时'));
    const later = fmt(new Date(Date.now() + 3 * 86_400_000));
    const r = await t.call(START_SALE, { ids: [onSale, stored], startSaleAt: later }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '定时开售设置成功' });
    for (const id of [onSale, stored]) expect(await detail(id)).toMatchObject({ status: 2, startSaleAt: later });
    const scheduled = await t.ok(`${P}list`, { status: 'scheduled', keyword: '改定时' }, owner.token);
    expect(scheduled.total_count).toBe(2);
    expect(await refusal(START_SALE, { ids: [onSale], startSaleAt: fmt(new Date(Date.now() - 60_000)) })).toMatchObject({
      msg: '开售时间须晚于当前时间',
      data: { errors: [{ field: 'startSaleAt' }] },
    });
    expect(await refusal(START_SALE, { ids: [onSale], startSaleAt: '明天' })).toMatchObject({ msg: '开售时间不正确' });
    const off = await create(plain('一直在售', { status: 1 }));
    expect((await t.call(START_SALE, { ids: [onSale, off], startSaleAt: null }, owner.token)).body.msg).toBe('已取消定时开售');
    expect(await detail(onSale)).toMatchObject({ status: 0, startSaleAt: '' });
    // Only scheduled goods are touched by a cancel.
    expect(await detail(off)).toMatchObject({ status: 1 });
    expect((await logsOf(onSale)).map((l) => l.action)).toEqual(expect.arrayContaining(['设置定时开售', '取消定时开售']));
  });

  it('the job puts due scheduled goods on sale, per enterprise, audited, once', async () => {
    const soon = new Date(Date.now() + 60 * 60_000);
    const mine = await create(plain('定时甲', { status: 2, startSaleAt: fmt(soon) }));
    const mine2 = await create(plain('定时乙', { status: 2, startSaleAt: fmt(soon) }));
    const later = await create(plain('更晚的', { status: 2, startSaleAt: fmt(new Date(soon.getTime() + 86_400_000)) }));
    const theirs = await create(plain('别家定时', { status: 2, startSaleAt: fmt(soon) }), other.token);

    // Not yet due.
    await startScheduledSales(systemCtx(t), new Date(soon.getTime() - 60_000));
    expect((await detail(mine)).status).toBe(2);

    const n = await startScheduledSales(systemCtx(t), new Date(soon.getTime() + 1000));
    expect(n).toBeGreaterThanOrEqual(3);
    for (const id of [mine, mine2]) expect(await detail(id)).toMatchObject({ status: 1, startSaleAt: '' });
    expect(await detail(theirs, other.token)).toMatchObject({ status: 1 });
    expect((await detail(later)).status).toBe(2);
    const onSale = await t.ok(`${P}list`, { status: 'on_sale', keyword: '定时' }, owner.token);
    expect(onSale.rows.map((r: AnyData) => r.title).sort()).toEqual(['定时乙', '定时甲']);

    // One log row per enterprise naming its goods; the other enterprise's goods are in its own row.
    const logs = await logsOf(mine);
    expect(logs.filter((l) => l.action === '定时开售')).toHaveLength(1);
    const row = logs.find((l) => l.action === '定时开售');
    expect(row?.renterId).toBe(owner.renterId);
    expect(row?.recordId).toContain(mine2);
    expect(row?.recordId).not.toContain(theirs);
    expect((await logsOf(theirs)).find((l) => l.action === '定时开售')?.renterId).toBe(other.renterId);
    // Written through audit() for the system, which the operation log names as its operator.
    const shown = await t.ok('/Sys/Staff/GetOperlogList', { keyword: '定时开售', page_size: 50 }, owner.token);
    expect(shown.rows.find((r: AnyData) => r.action === '定时开售')).toMatchObject({ userName: '系统（定时任务）', ip: '127.0.0.1' });

    // Running again moves nothing and logs nothing more.
    expect(await startScheduledSales(systemCtx(t), new Date(soon.getTime() + 2000))).toBe(0);
    expect((await logsOf(mine)).filter((l) => l.action === '定时开售')).toHaveLength(1);
  });
});

describe('rich-text description', () => {
  it('keeps what the editor (TipTap) produces: headings, marks, lists, links, aligned blocks, sized images', () => {
    const html =
      '<h2>标题</h2><p style="text-align: center;"><strong>粗</strong><em>斜</em><u>下划线</u></p>' +
      '<ul><li><p>一</p></li></ul><ol><li><p>二</p></li></ol><p><a target="_blank" href="/Goodlist">链接</a></p>' +
      '<p><img src="/file/1/a.png" alt="" style="width: 50%; max-width: 100%;"><br><img src="/file/1/b.png" alt="" style="max-width: 100%;"></p>' +
      '<blockquote><p>引用</p></blockquote>';
    expect(sanitizeHtml(html)).toBe(
      '<h2>标题</h2><p style="text-align: center"><strong>粗</strong><em>斜</em><u>下划线</u></p>' +
        '<ul><li><p>一</p></li></ul><ol><li><p>二</p></li></ol><p><a target="_blank" href="/Goodlist" rel="noopener noreferrer">链接</a></p>' +
        '<p><img src="/file/1/a.png" alt="" style="width: 50%; max-width: 100%"><br><img src="/file/1/b.png" alt="" style="max-width: 100%"></p>' +
        '<blockquote><p>引用</p></blockquote>',
    );
  });

  it('keeps what the earlier contentEditable editor saved', () => {
    const html =
      '<h2>标题</h2><p style="text-align: center;"><b>粗</b><i>斜</i><u>下划线</u></p>' +
      '<ul><li>一</li></ul><ol><li>二</li></ol><p><a href="https://a.cn/x" target="_blank">链接</a></p>' +
      '<p><img src="/file/1/a.png" alt="图" style="max-width: 100%; width: 50%;"></p><blockquote>引用</blockquote>';
    expect(sanitizeHtml(html)).toBe(
      '<h2>标题</h2><p style="text-align: center"><b>粗</b><i>斜</i><u>下划线</u></p>' +
        '<ul><li>一</li></ul><ol><li>二</li></ol><p><a href="https://a.cn/x" target="_blank" rel="noopener noreferrer">链接</a></p>' +
        '<p><img src="/file/1/a.png" alt="图" style="max-width: 100%; width: 50%"></p><blockquote>引用</blockquote>',
    );
  });
});
