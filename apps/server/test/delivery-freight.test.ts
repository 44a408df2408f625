import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTenant } from '@/core/tenant';
import { goods, operLogs } from '@/db/schema';
import { quoteFreight } from '@/modules/delivery';
import { makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('运费店'), t.registerOwner('隔壁运费店')]);
});
afterAll(() => t.close());

const P = '/LesseePick/LesseePick/';
const GOODS_SAVE = '/Goods/Goods/save';
const body = async (path: string, b: unknown, token = owner.token) => (await t.call(`${P}${path}`, b, token)).body;
const ok = (path: string, b: unknown = {}, token = owner.token) => t.ok(`${P}${path}`, b, token);

/** 按重量: first 1 kg ¥12, each further 0.5 kg ¥4; 广东 ¥8 + ¥2; 新疆 not delivered; free in 上海 from 3 kg. */
const weightTemplate = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  chargeBy: 2,
  rule: { first: 1, firstFee: 12, next: 0.5, nextFee: 4 },
  regions: [{ areas: ['44'], first: 1, firstFee: 8, next: 0.5, nextFee: 2 }],
  noDelivery: ['65'],
  freeRules: [{ areas: ['31'], minQty: 3, minAmount: 0 }],
  ...over,
});
const pieceTemplate = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  chargeBy: 1,
  rule: { first: 1, firstFee: 10, next: 1, nextFee: 2 },
  ...over,
});
const goodsBody = (title: string, over: Record<string, unknown> = {}) => ({
  title,
  skus: [{ specValues: {}, price: 10, stock: 5 }],
  ...over,
});

describe('运费模板', () => {
  it('saves a weight template in kg and answers it back with area names', async () => {
    const r = await body('SaveLogistics', weightTemplate('按重量计费'));
    expect(r).toMatchObject({ code: 0, msg: '保存成功' });
    const d = await ok('GetLogistics', { id: r.data.id });
    expect(d).toMatchObject({
      name: '按重量计费',
      chargeBy: 2,
      rule: { first: 1, firstFee: 12, next: 0.5, nextFee: 4 },
      regions: [{ areas: ['44'], areaNames: ['广东省'], first: 1, firstFee: 8 }],
      noDeliveryNames: ['新疆维吾尔自治区'],
      freeRules: [{ areas: ['31'], minQty: 3, minAmount: 0 }],
      status: 1,
    });
    const list = await ok('LogisticsPage', { keyword: '重量' });
    expect(list.rows.map((x: { name: string }) => x.name)).toEqual(['按重量计费']);
    const logs = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, owner.renterId), eq(operLogs.recordId, r.data.id)));
    expect(logs.map((l) => l.action)).toContain('新建运费模板');
  });

  it('refuses bad rules with messages naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [pieceTemplate(''), 'name', '请输入模板名称'],
      [{ ...pieceTemplate('甲'), chargeBy: 3 }, 'chargeBy', '请选择计费方式'],
      [pieceTemplate('甲', { rule: { first: 1.5, firstFee: 10, next: 1, nextFee: 2 } }), 'rule.first', '首件须为整数'],
      [pieceTemplate('甲', { rule: { first: 1, firstFee: 10.123, next: 1, nextFee: 2 } }), 'rule.firstFee', '首费最多保留两位小数'],
      [pieceTemplate('甲', { rule: { first: 1, firstFee: -1, next: 1, nextFee: 2 } }), 'rule.firstFee', '首费不能小于0'],
      [pieceTemplate('甲', { regions: [{ areas: [], first: 1, firstFee: 1, next: 1, nextFee: 1 }] }), 'regions.0.areas', '请选择配送区域'],
      [
        pieceTemplate('甲', { regions: [{ areas: ['99'], first: 1, firstFee: 1, next: 1, nextFee: 1 }] }),
        'regions.0.areas',
        '所选地区不正确',
      ],
      [pieceTemplate('甲', { freeRules: [{ areas: [] }] }), 'freeRules.0.minQty', '请填写包邮件数（重量）或包邮金额'],
    ];
    for (const [b, field, msg] of cases) {
      const r = await body('SaveLogistics', b);
      expect(r.code, msg).not.toBe(0);
      expect(r.msg).toBe(msg);
      expect(r.data.errors[0].field).toBe(field);
    }
    await ok('SaveLogistics', pieceTemplate('同名模板'));
    expect(await body('SaveLogistics', pieceTemplate('同名模板'))).toMatchObject({
      msg: '运费模板名称已存在',
      data: { errors: [{ field: 'name' }] },
    });
  });

  it('lets goods charge by an enabled template of the enterprise only, and refuses deleting a template in use', async () => {
    const tpl = (await ok('SaveLogistics', pieceTemplate('商品在用'))).id;
    const foreign = (await ok('SaveLogistics', pieceTemplate('别家的'), other.token)).id;
    expect(
      (await t.call(GOODS_SAVE, goodsBody('别家模板', { postFeeMode: 2, freightTemplateId: foreign }), owner.token)).body,
    ).toMatchObject({
      msg: '运费模板不存在',
      data: { errors: [{ field: 'freightTemplateId' }] },
    });
    const g = await t.ok(GOODS_SAVE, goodsBody('模板商品', { postFeeMode: 2, freightTemplateId: tpl }), owner.token);
    expect(await t.ok('/Goods/Goods/detail', { id: g.id }, owner.token)).toMatchObject({ postFeeMode: 2, freightTemplateId: tpl });
    expect(await body('DelLogistics', { id: tpl })).toMatchObject({ code: 1, msg: '该运费模板已被商品使用，不能删除' });
    // Disabled: no longer offered, refused for other goods, kept by the goods that have it.
    expect(await body('EditlogisticsState', { id: tpl, status: 0 })).toMatchObject({ code: 0, msg: '停用成功' });
    expect((await ok('LogisticsOptions')).map((o: { id: string }) => o.id)).not.toContain(tpl);
    expect((await t.call(GOODS_SAVE, goodsBody('新商品', { postFeeMode: 2, freightTemplateId: tpl }), owner.token)).body).toMatchObject({
      msg: '该运费模板已停用，请选择其他模板',
    });
    await t.ok(GOODS_SAVE, goodsBody('模板商品改名', { id: g.id, postFeeMode: 2, freightTemplateId: tpl }), owner.token);
    // Back to a flat fee: the template is free again.
    await t.ok(GOODS_SAVE, goodsBody('模板商品改名', { id: g.id, postFeeMode: 1, postFee: 5 }), owner.token);
    expect((await t.db.select().from(goods).where(eq(goods.id, g.id)))[0].freightTemplateId).toBeNull();
    expect(await body('DelLogistics', { id: tpl })).toMatchObject({ code: 0, msg: '删除成功!' });
    expect(await body('GetLogistics', { id: tpl })).toMatchObject({ code: 1004, msg: '运费模板不存在' });
  });

  it('treats another renter’s template as missing, and needs the 运费模板 grant', async () => {
    const foreign = (await ok('SaveLogistics', pieceTemplate('隔壁模板'), other.token)).id;
    expect(await body('GetLogistics', { id: foreign })).toMatchObject({ code: 1004 });
    expect(await body('EditlogisticsState', { id: foreign, status: 0 })).toMatchObject({ code: 1004 });
    expect(await body('DelLogistics', { id: foreign })).toMatchObject({ code: 1004 });
    const clerk = await t.addMember(owner.renterId, ['distributionSet']);
    expect(await body('LogisticsPage', {}, clerk.token)).toMatchObject({ code: 1003 });
    // The goods edit picker is open to every member.
    expect(await body('LogisticsOptions', {}, clerk.token)).toMatchObject({ code: 0 });
  });
});

describe('quoteFreight', () => {
  it('quotes a checkout from the stored templates: regions, free shipping, undeliverable goods and flat fees', async () => {
    const shop = await t.registerOwner('报价店');
    const w = (await ok('SaveLogistics', weightTemplate('重量模板'), shop.token)).id;
    const p = (await ok('SaveLogistics', pieceTemplate('件数模板', { freeRules: [{ areas: [], minQty: 0, minAmount: 100 }] }), shop.token))
      .id;
    const tenant = seedTenant(t.db, shop.renterId);
    const line = (goodsId: string, over: Record<string, unknown>) => ({
      goodsId,
      postFeeMode: 2 as const,
      postFeeFen: 0,
      freightTemplateId: w,
      qty: 1,
      weightG: 0,
      lineFen: 1000,
      ...over,
    });
    // 杭州: default rule, 2.2 kg → 12 + 3 × 4; plus 件数 2 pieces → 10 + 2; plus the highest flat fee 6.
    const hz = await quoteFreight(tenant, {
      areaCode: '330106',
      items: [
        line('a', { qty: 2, weightG: 1100 }),
        line('b', { freightTemplateId: p, qty: 2 }),
        line('c', { postFeeMode: 1, freightTemplateId: null, postFeeFen: 600 }),
        line('d', { postFeeMode: 1, freightTemplateId: null, postFeeFen: 300 }),
      ],
    });
    expect(hz).toEqual({ fen: 2400 + 1200 + 600, undeliverable: [] });
    // 深圳: 广东's rule → 8 + 3 × 2; 件数 over ¥100 is free.
    const sz = await quoteFreight(tenant, {
      areaCode: '440305',
      items: [line('a', { qty: 2, weightG: 1100 }), line('b', { freightTemplateId: p, qty: 2, lineFen: 10000 })],
    });
    expect(sz.fen).toBe(1400);
    // 上海 from 3 kg: free.
    expect((await quoteFreight(tenant, { areaCode: '310104', items: [line('a', { qty: 3, weightG: 1000 })] })).fen).toBe(0);
    // 新疆: the weight goods cannot go there.
    const xj = await quoteFreight(tenant, {
      areaCode: '650102',
      items: [line('a', { title: '铸铁锅' }), line('b', { freightTemplateId: p })],
    });
    expect(xj).toEqual({ fen: 1000, undeliverable: [{ goodsId: 'a', reason: '「铸铁锅」不支持配送至该地区' }] });
    // Another renter's template id is unknown here: the goods' flat fee applies.
    const foreign = (await ok('SaveLogistics', pieceTemplate('外人模板'), other.token)).id;
    expect(
      (await quoteFreight(tenant, { areaCode: '330106', items: [line('x', { freightTemplateId: foreign, postFeeFen: 800 })] })).fen,
    ).toBe(800);
  });
});
