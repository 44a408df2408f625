import { describe, expect, it } from 'vitest';
import { afterSaleRequest, INITIAL_FILTERS, keywordKind } from './after-sale-filter';

describe('after-sale list request', () => {
  it('sends only what narrows the list', () => {
    expect(afterSaleRequest('', INITIAL_FILTERS)).toEqual({ tab: -1 });
    expect(afterSaleRequest(' G123456 ', { ...INITIAL_FILTERS, tab: 1, type: 2 })).toEqual({ tab: 1, type: 2, keyword: 'G123456' });
    expect(afterSaleRequest('', { ...INITIAL_FILTERS, stime: '2026-01-01 00:00:00', endtime: '' })).toEqual({ tab: -1 });
    expect(afterSaleRequest('', { ...INITIAL_FILTERS, stime: '2026-01-01 00:00:00', endtime: '2026-01-02 23:59:59' })).toMatchObject({
      stime: '2026-01-01 00:00:00',
    });
  });

  it('drops a tab, type or keyword the server would refuse', () => {
    expect(afterSaleRequest('随便', { ...INITIAL_FILTERS, tab: 42, type: 9 })).toEqual({ tab: -1 });
  });

  it('tells the keyword kinds apart as the server does', () => {
    expect(keywordKind('S260101000001')).toBe('售后单号');
    expect(keywordKind('g2601011200001')).toBe('订单编号');
    expect(keywordKind('13912345678')).toBe('手机号');
    expect(keywordKind('1391234567')).toBeNull();
  });
});
