import { describe, expect, it } from 'vitest';
import { advancedCount, filterRequest } from './customer-filter';

describe('filterRequest', () => {
  it('leaves out empty fields', () => {
    expect(filterRequest(undefined)).toEqual({});
    expect(filterRequest({ keyword: '  ', levelIds: [], spend: { min: '', max: '' }, createTime: ['', ''] })).toEqual({});
  });

  it('maps every filter of the form to the request', () => {
    expect(
      filterRequest({
        keyword: ' 138 ',
        kind: 1,
        levelIds: ['l1'],
        tagIds: ['t1', 't2'],
        cardIds: ['c1'],
        groupId: 'g1',
        source: 2,
        sex: 0,
        status: 1,
        audit: 0,
        createTime: ['2026-01-01', '2026-01-31'],
        memberTime: ['2026-02-01', ''],
        lastOrderTime: ['', '2026-03-01'],
        orderCount: { min: '2' },
        spend: { min: '10.5', max: '100' },
        balance: { max: '0' },
        points: { min: '1', max: '9' },
        growth: { min: '0' },
      }),
    ).toEqual({
      keyword: '138',
      kind: 1,
      levelIds: ['l1'],
      tagIds: ['t1', 't2'],
      cardIds: ['c1'],
      groupId: 'g1',
      source: 2,
      sex: 0,
      status: 1,
      audit: 0,
      createTime: { from: '2026-01-01', to: '2026-01-31' },
      memberTime: { from: '2026-02-01' },
      lastOrderTime: { to: '2026-03-01' },
      orderCount: { min: 2 },
      spend: { min: 10.5, max: 100 },
      balance: { max: 0 },
      points: { min: 1, max: 9 },
      growth: { min: 0 },
    });
  });

  it('counts the advanced filters set', () => {
    expect(advancedCount({ keyword: 'a', kind: 0, spend: { min: '1' }, sex: 1 })).toBe(2);
  });
});
