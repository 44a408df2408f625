import { describe, expect, it } from 'vitest';
import { specsProblem } from './spec-template-modal';

describe('spec template check before saving', () => {
  it('names the first problem a merchant has to fix', () => {
    expect(specsProblem([])).toBe('请至少添加一个规格');
    expect(specsProblem([{ name: '', values: ['红'] }])).toBe('请输入规格名');
    expect(
      specsProblem([
        { name: '颜色', values: ['红'] },
        { name: '颜色', values: ['蓝'] },
      ]),
    ).toBe('规格名「颜色」重复');
    expect(specsProblem([{ name: '尺码', values: [] }])).toBe('请为规格「尺码」添加规格值');
    expect(specsProblem([{ name: '尺码', values: ['S', 'M'] }])).toBeNull();
  });
});
