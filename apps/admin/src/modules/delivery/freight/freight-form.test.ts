import { describe, expect, it } from 'vitest';
import { bodyOf, conflictsOf, freeText, NEW_TEMPLATE, ruleText, type TemplateRow, type TemplateValues, valuesOf } from './freight-form';

const region = (areas: string[]) => ({ areas, first: 1, firstFee: '8', next: 1, nextFee: '2' });
const values = (over: Partial<TemplateValues>): TemplateValues => ({ ...NEW_TEMPLATE, name: '按件', ...over });

describe('the freight template editor', () => {
  it('builds the save body: numbers for units, typed amounts kept, empty amounts as 0, state from the switch', () => {
    const b = bodyOf(
      values({
        chargeBy: 2,
        rule: { first: 1, firstFee: '12', next: 0.5, nextFee: '' },
        regions: [region(['44'])],
        freeRules: [{ areas: ['31'], minQty: 3, minAmount: '' }],
        enabled: false,
      }),
      'id-1',
    );
    expect(b).toEqual({
      id: 'id-1',
      name: '按件',
      chargeBy: 2,
      rule: { first: 1, firstFee: '12', next: 0.5, nextFee: 0 },
      regions: [{ areas: ['44'], first: 1, firstFee: '8', next: 1, nextFee: '2' }],
      noDelivery: [],
      freeRules: [{ areas: ['31'], minQty: 3, minAmount: 0 }],
      status: 0,
    });
  });

  it('reads a saved template back into the editor', () => {
    const row: TemplateRow = {
      id: 't',
      name: '重量',
      chargeBy: 2,
      rule: { first: 1, firstFee: 12, next: 0.5, nextFee: 4 },
      regions: [{ areas: ['44'], areaNames: ['广东省'], first: 1, firstFee: 8, next: 0.5, nextFee: 2 }],
      noDelivery: ['65'],
      noDeliveryNames: ['新疆维吾尔自治区'],
      freeRules: [{ areas: [], areaNames: [], minQty: 0, minAmount: 99 }],
      status: 1,
      createTime: '2026-01-01 00:00:00',
    };
    const v = valuesOf(row);
    expect(v.rule).toEqual({ first: 1, firstFee: '12', next: 0.5, nextFee: '4' });
    expect(v.freeRules).toEqual([{ areas: [], minQty: null, minAmount: '99' }]);
    expect(bodyOf(v, 't').freeRules).toEqual([{ areas: [], minQty: 0, minAmount: '99' }]);
  });

  it('finds an area in two regional rules, and a regional area that is not delivered to', () => {
    expect(conflictsOf(values({ regions: [region(['44', '33']), region(['11'])] }))).toEqual([]);
    expect(conflictsOf(values({ regions: [region(['44']), region(['11', '44'])] }))).toEqual([
      [['regions', 1, 'areas'], '与第1条指定区域有重复地区'],
    ]);
    expect(conflictsOf(values({ regions: [region(['6501'])], noDelivery: ['65'] }))).toEqual([
      [['regions', 0, 'areas'], '包含不配送区域的地区'],
    ]);
  });

  it('describes rules and free-shipping conditions in the list', () => {
    expect(ruleText(1, { first: 1, firstFee: 10, next: 1, nextFee: 2 })).toBe('首件 1 件 ¥10.00，续件每 1 件 ¥2.00');
    expect(ruleText(2, { first: 1, firstFee: 12, next: 0, nextFee: 0 })).toBe('首重 1 kg ¥12.00');
    expect(freeText(2, { minQty: 3, minAmount: 0 })).toBe('满 3 kg包邮');
    expect(freeText(1, { minQty: 2, minAmount: 99 })).toBe('满 2 件 且 满 ¥99.00包邮');
  });
});
