import { describe, expect, it } from 'vitest';
import { combinations, emptySku, fillColumn, skuKey, skuLabel, specProblem, usableSpecs } from './sku-matrix';

describe('sku matrix', () => {
  const specs = [
    { name: '颜色', values: ['红', '蓝'] },
    { name: '尺码', values: ['M', 'L'] },
  ];

  it('builds every combination, the first spec slowest', () => {
    expect(combinations(specs).map((c) => skuLabel(specs, c))).toEqual(['红 / M', '红 / L', '蓝 / M', '蓝 / L']);
    expect(combinations([])).toEqual([{}]);
  });

  it('keys a combination independently of spec order', () => {
    expect(skuKey({ 颜色: '红', 尺码: 'M' })).toBe(skuKey({ 尺码: 'M', 颜色: '红' }));
    expect(skuKey({})).toBe('');
  });

  it('drops blank specs and values', () => {
    expect(
      usableSpecs([
        { name: ' 颜色 ', values: ['红', ' '] },
        { name: '', values: ['x'] },
      ]),
    ).toEqual([{ name: '颜色', values: ['红'] }]);
  });

  it('finds spec problems', () => {
    expect(specProblem(specs)).toBeNull();
    expect(specProblem([{ name: '', values: ['红'] }])).toBe('请输入规格名');
    expect(specProblem([{ name: '颜色', values: [] }])).toBe('请为规格「颜色」添加规格值');
    expect(specProblem([{ name: '颜色', values: ['红', '红'] }])).toBe('规格「颜色」的规格值重复');
    expect(specProblem([...specs, { name: '颜色', values: ['x'] }])).toBe('规格名「颜色」重复');
  });

  it('fills a column for every row', () => {
    const rows = fillColumn({ a: { ...emptySku(), stock: '3' } }, ['a', 'b'], 'price', '9.9');
    expect(rows.a).toMatchObject({ price: '9.9', stock: '3' });
    expect(rows.b.price).toBe('9.9');
  });
});
