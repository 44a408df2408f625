import { describe, expect, it } from 'vitest';
import { type GrantEntry, tickState, toggleAll, toggleOp } from './grants';

const goods: GrantEntry = { key: 'Goodlist', ops: ['view', 'edit', 'delete', 'export'] };
const unit: GrantEntry = { key: 'Unit', ops: ['view', 'edit'] };

describe('role grants', () => {
  it('ticking 编辑, 删除 or 导出 ticks 查看 too', () => {
    expect([...toggleOp(new Set(), goods, 'export', true)].sort()).toEqual(['Goodlist', 'Goodlist:export']);
  });

  it('unticking 查看 unticks the other operations of that entry only', () => {
    const start = new Set(['Goodlist', 'Goodlist:edit', 'Goodlist:delete', 'Unit', 'Unit:edit']);
    expect([...toggleOp(start, goods, 'view', false)].sort()).toEqual(['Unit', 'Unit:edit']);
  });

  it('unticking 编辑 keeps 查看', () => {
    expect([...toggleOp(new Set(['Unit', 'Unit:edit']), unit, 'edit', false)]).toEqual(['Unit']);
  });

  it('a group toggle ticks and unticks every operation its entries have, and shows ticked / half / none', () => {
    const all = toggleAll(new Set(), [goods, unit], true);
    expect(all.size).toBe(6);
    expect(tickState(all, [goods, unit])).toEqual({ checked: true, indeterminate: false });
    const half = toggleOp(all, unit, 'edit', false);
    expect(tickState(half, [goods, unit])).toEqual({ checked: false, indeterminate: true });
    expect(tickState(toggleAll(half, [goods, unit], false), [goods, unit])).toEqual({ checked: false, indeterminate: false });
  });
});
