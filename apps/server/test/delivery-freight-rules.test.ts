import { describe, expect, it } from 'vitest';
import { areaChain, chargeOf, computeFreight, type QuoteItem, type QuoteTemplate } from '@/modules/delivery/freight.rules';

/** 按件: 1 piece ¥10, each further 2 pieces ¥3; 广东 1 piece ¥6 + ¥1 per piece; 深圳南山 ¥0 first; 新疆 not delivered. */
const byPiece: QuoteTemplate = {
  id: 'p',
  name: '按件',
  chargeBy: 1,
  rule: { first: 1, firstFen: 1000, next: 2, nextFen: 300 },
  regions: [
    { areas: ['44'], first: 1, firstFen: 600, next: 1, nextFen: 100 },
    { areas: ['440305'], first: 1, firstFen: 0, next: 1, nextFen: 50 },
  ],
  noDelivery: ['65'],
  freeRules: [],
};
/** 按重量: first 1000 g ¥12, each further 500 g ¥4; 北京 ¥8 + ¥2; free in 上海 from 3000 g; free everywhere from ¥299. */
const byWeight: QuoteTemplate = {
  id: 'w',
  name: '按重量',
  chargeBy: 2,
  rule: { first: 1000, firstFen: 1200, next: 500, nextFen: 400 },
  regions: [{ areas: ['11'], first: 1000, firstFen: 800, next: 500, nextFen: 200 }],
  noDelivery: ['54', '6501'],
  freeRules: [
    { areas: ['31'], minUnits: 3000, minFen: 0 },
    { areas: [], minUnits: 0, minFen: 29900 },
  ],
};
const templates = new Map([
  ['p', byPiece],
  ['w', byWeight],
]);

const item = (over: Partial<QuoteItem>): QuoteItem => ({
  goodsId: 'g',
  postFeeMode: 2,
  postFeeFen: 0,
  freightTemplateId: 'p',
  qty: 1,
  weightG: 0,
  lineFen: 1000,
  ...over,
});

const SZ_NANSHAN = '440305';
const GZ_TIANHE = '440106';
const HZ_XIHU = '330106';

describe('area chain and the charge of one rule', () => {
  it('walks a code up to its province', () => {
    expect(areaChain('440305')).toEqual(['440305', '4403', '44']);
    expect(areaChain('4403')).toEqual(['4403', '44']);
    expect(areaChain('44')).toEqual(['44']);
  });

  it('charges the first fee up to the first units, then per started further block', () => {
    const r = { first: 1, firstFen: 1000, next: 2, nextFen: 300 };
    expect(chargeOf(r, 1)).toBe(1000);
    expect(chargeOf(r, 2)).toBe(1300);
    expect(chargeOf(r, 3)).toBe(1300);
    expect(chargeOf(r, 4)).toBe(1600);
    expect(chargeOf({ ...r, next: 0 }, 50)).toBe(1000);
    // Weightless goods still ship a parcel.
    expect(chargeOf({ first: 1000, firstFen: 1200, next: 500, nextFen: 400 }, 0)).toBe(1200);
  });
});

describe('computeFreight', () => {
  it('charges the highest flat fee once across flat-fee goods', () => {
    const q = computeFreight(templates, HZ_XIHU, [
      item({ goodsId: 'a', postFeeMode: 1, freightTemplateId: null, postFeeFen: 500 }),
      item({ goodsId: 'b', postFeeMode: 1, freightTemplateId: null, postFeeFen: 800, qty: 3 }),
      item({ goodsId: 'c', postFeeMode: 1, freightTemplateId: null, postFeeFen: 0 }),
    ]);
    expect(q).toEqual({ fen: 800, undeliverable: [] });
  });

  it('uses the default rule where no region matches, on the group’s total pieces', () => {
    const q = computeFreight(templates, HZ_XIHU, [item({ goodsId: 'a', qty: 2 }), item({ goodsId: 'b', qty: 3 })]);
    // 5 pieces: ¥10 + ceil(4/2) × ¥3
    expect(q.fen).toBe(1600);
  });

  it('takes the most specific matching region: district over province', () => {
    expect(computeFreight(templates, GZ_TIANHE, [item({ qty: 3 })]).fen).toBe(600 + 2 * 100);
    expect(computeFreight(templates, SZ_NANSHAN, [item({ qty: 3 })]).fen).toBe(0 + 2 * 50);
    // A city code alone matches the province rule.
    expect(computeFreight(templates, '4401', [item({ qty: 1 })]).fen).toBe(600);
  });

  it('adds the flat maximum and each template’s own fee', () => {
    const q = computeFreight(templates, HZ_XIHU, [
      item({ goodsId: 'flat', postFeeMode: 1, freightTemplateId: null, postFeeFen: 700 }),
      item({ goodsId: 'piece', qty: 1 }),
      item({ goodsId: 'heavy', freightTemplateId: 'w', qty: 2, weightG: 800 }),
    ]);
    // 700 + 1000 + (1600 g: 1200 + ceil(600/500) × 400)
    expect(q.fen).toBe(700 + 1000 + 2000);
  });

  it('charges by weight with the region of the address', () => {
    const q = computeFreight(templates, '110105', [item({ freightTemplateId: 'w', qty: 1, weightG: 2100 })]);
    // 北京: 800 + ceil(1100/500) × 200
    expect(q.fen).toBe(800 + 3 * 200);
  });

  it('applies free-shipping conditions per template, by region and weight or amount', () => {
    const heavy = item({ freightTemplateId: 'w', qty: 3, weightG: 1000, lineFen: 9000 });
    expect(computeFreight(templates, '310104', [heavy]).fen).toBe(0);
    expect(computeFreight(templates, HZ_XIHU, [heavy]).fen).toBe(1200 + 4 * 400);
    const dear = item({ freightTemplateId: 'w', qty: 1, weightG: 500, lineFen: 29900 });
    expect(computeFreight(templates, HZ_XIHU, [dear]).fen).toBe(0);
    // The free template is free; another template in the same order still charges.
    expect(computeFreight(templates, HZ_XIHU, [dear, item({ goodsId: 'p1' })]).fen).toBe(1000);
  });

  it('needs both conditions of a rule that names both', () => {
    const both: QuoteTemplate = { ...byPiece, id: 'b', regions: [], freeRules: [{ areas: [], minUnits: 2, minFen: 5000 }] };
    const m = new Map([['b', both]]);
    expect(computeFreight(m, HZ_XIHU, [item({ freightTemplateId: 'b', qty: 2, lineFen: 4000 })]).fen).toBe(1300);
    expect(computeFreight(m, HZ_XIHU, [item({ freightTemplateId: 'b', qty: 1, lineFen: 6000 })]).fen).toBe(1000);
    expect(computeFreight(m, HZ_XIHU, [item({ freightTemplateId: 'b', qty: 2, lineFen: 5000 })]).fen).toBe(0);
  });

  it('lists goods whose template does not deliver to the address, naming them, and charges the rest', () => {
    const q = computeFreight(templates, '654321', [
      item({ goodsId: 'far', title: '羊毛围巾', qty: 1 }),
      item({ goodsId: 'ok', freightTemplateId: 'w', qty: 1, weightG: 100 }),
    ]);
    expect(q.undeliverable).toEqual([{ goodsId: 'far', reason: '「羊毛围巾」不支持配送至该地区' }]);
    expect(q.fen).toBe(1200);
    // 6501 (乌鲁木齐) is not delivered by the weight template; 6502 is.
    expect(computeFreight(templates, '650102', [item({ goodsId: 'x', freightTemplateId: 'w' })]).undeliverable).toEqual([
      { goodsId: 'x', reason: '该商品不支持配送至该地区' },
    ]);
    expect(computeFreight(templates, '650202', [item({ goodsId: 'x', freightTemplateId: 'w' })]).undeliverable).toEqual([]);
  });

  it('falls back to the flat fee for a template goods whose template is unknown', () => {
    expect(computeFreight(templates, HZ_XIHU, [item({ freightTemplateId: 'gone', postFeeFen: 900 })]).fen).toBe(900);
  });

  it('charges nothing for an empty order', () => {
    expect(computeFreight(templates, HZ_XIHU, [])).toEqual({ fen: 0, undeliverable: [] });
  });
});
