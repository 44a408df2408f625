import type { contract, DataOf } from '@contract/index';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderZh } from '@/shared/test-utils';
import { PermissionTable } from './permission-table';

const AREAS: DataOf<typeof contract.team.GetRoleMenu> = [
  {
    key: 'goods',
    name: '商品',
    groups: [
      {
        key: 'goods.manage',
        name: '商品管理',
        entries: [
          { key: 'Goodlist', name: '商品列表', path: '/Goodlist', hidden: false, ops: ['view', 'edit', 'delete', 'export'] },
          { key: 'Unit', name: '商品单位', path: '/Unit', hidden: false, ops: ['view', 'edit'] },
          { key: 'addgoods', name: '发布商品', path: '/addgoods', hidden: true, ops: ['view'] },
        ],
      },
    ],
  },
];

let latest: string[] = [];
function Harness() {
  const [value, setValue] = useState<string[]>([]);
  latest = value;
  return <PermissionTable areas={AREAS} value={value} onChange={setValue} />;
}
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('PermissionTable', () => {
  it('offers only the operations an entry has', () => {
    renderZh(<Harness />);
    expect(box('商品列表导出')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: '商品单位删除' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: '发布商品编辑' })).toBeNull();
    expect(screen.getByText('页面')).toBeTruthy();
  });

  it('ticking 编辑 ticks 查看; unticking 查看 clears the entry', () => {
    renderZh(<Harness />);
    fireEvent.click(box('商品列表编辑'));
    expect(box('商品列表查看').checked).toBe(true);
    expect(latest.sort()).toEqual(['Goodlist', 'Goodlist:edit']);
    fireEvent.click(box('商品列表查看'));
    expect(latest).toEqual([]);
    expect(box('商品列表编辑').checked).toBe(false);
  });

  it('the group checkbox and 全选 tick every operation, and the group shows half when some are ticked', () => {
    renderZh(<Harness />);
    fireEvent.click(box('商品管理全部'));
    expect(latest).toHaveLength(7);
    fireEvent.click(box('商品单位编辑'));
    expect(box('商品管理全部').checked).toBe(false);
    expect(box('商品管理全部').closest('.ant-checkbox')?.className).toContain('ant-checkbox-indeterminate');
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(latest).toHaveLength(7);
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(latest).toEqual([]);
  });
});
