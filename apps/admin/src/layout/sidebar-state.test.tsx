import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { menuNode } from '@/shared/test-utils';
import { Sidebar } from './sidebar';

const units = menuNode('Unit', '/Unit', [], { name: '商品单位' });
const list = menuNode('Goodlist', '/Goodlist', [], { name: '商品管理' });
const points = menuNode('AGood', '/AGood', [], { name: '积分商城商品' });
const manage = menuNode('goods.manage', '/Goodlist', [list, units], { name: '商品管理组' });
const pointsGroup = menuNode('goods.points', '/AGood', [points], { name: '积分商城' });
const goods = menuNode('goods', '/Goodlist', [manage, pointsGroup], { name: '商品' });

const renderSidebar = () =>
  render(
    <MemoryRouter initialEntries={['/Unit']}>
      <Sidebar menu={[goods]} trail={[goods, manage, units]} logo="" />
    </MemoryRouter>,
  );

beforeEach(() => localStorage.clear());

describe('the sidebar after a reload (issue 12)', () => {
  it('keeps a group the merchant closed closed, and the open page lit', () => {
    const first = renderSidebar();
    fireEvent.click(screen.getByText('积分商城'));
    expect(screen.queryByText('积分商城商品')).toBeNull();
    first.unmount();

    renderSidebar();
    expect(screen.queryByText('积分商城商品')).toBeNull();
    expect(screen.getByText('商品单位').className).toContain('active');
  });

  it('keeps the second level collapsed when the merchant collapsed it', () => {
    const first = renderSidebar();
    fireEvent.click(screen.getByTitle('收起菜单'));
    expect(screen.queryByText('商品单位')).toBeNull();
    first.unmount();

    renderSidebar();
    expect(screen.queryByText('商品单位')).toBeNull();
    expect(screen.getByTitle('展开菜单')).toBeTruthy();
  });
});
