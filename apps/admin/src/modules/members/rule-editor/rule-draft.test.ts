import { describe, expect, it } from 'vitest';
import { describeRule, newCond, toRule } from './rule-draft';

describe('toRule', () => {
  it('passes a complete rule through', () => {
    const r = toRule({
      op: 'or',
      items: [
        { field: 'spend', min: 100 },
        { field: 'lastOrderTime', withinDays: 30 },
      ],
    });
    expect(r.rule).toEqual({
      op: 'or',
      items: [
        { field: 'spend', min: 100 },
        { field: 'lastOrderTime', withinDays: 30 },
      ],
    });
    expect(r.rowErrors).toEqual({});
  });

  it('gives each incomplete row the contract’s message', () => {
    const r = toRule({
      op: 'and',
      items: [newCond('sex'), { field: 'spend' }, { field: 'orderCount', min: 5, max: 1 }, newCond('tags'), { field: 'createTime' }],
    });
    expect(r.rule).toBeNull();
    expect(r.rowErrors).toEqual({
      0: '请选择条件的值',
      1: '请填写范围',
      2: '最小值不能大于最大值',
      3: '请选择标签或权益卡',
      4: '请选择一种时间条件',
    });
  });

  it('new conditions start with a sensible value', () => {
    expect(newCond('lastOrderTime')).toEqual({ field: 'lastOrderTime', withinDays: 30 });
    expect(newCond('cards')).toEqual({ field: 'cards', match: 'any', ids: [] });
  });
});

describe('describeRule', () => {
  it('names fields, values and rows', () => {
    const tags = new Map([['t1', '老客']]);
    const text = describeRule(
      {
        op: 'and',
        items: [
          { field: 'sex', in: [2] },
          { field: 'spend', min: 100, max: 500.5 },
          { field: 'tags', match: 'none', ids: ['t1'] },
          { field: 'lastOrderTime', notWithinDays: 30 },
        ],
      },
      { tags },
    );
    expect(text).toBe('性别：女 且 累计消费金额 100元～500.5元 且 标签都不包含：老客 且 最近消费时间不在最近30天内');
    expect(describeRule({ op: 'or', items: [] })).toBe('无条件');
  });
});
