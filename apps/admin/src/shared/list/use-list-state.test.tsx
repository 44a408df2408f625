import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { listStateFromParams, listStateToParams, useUrlListState } from './use-list-state';

interface Filters {
  status: string;
  roleId: string;
  level: number;
  categoryId?: string;
  minPrice?: number;
}
const INITIAL: Filters = { status: 'all', roleId: '', level: -1, categoryId: undefined, minPrice: undefined };

describe('list state in the query string', () => {
  it('writes only what differs from the initial state, beside the page’s own parameters', () => {
    const base = new URLSearchParams('id=42');
    const params = listStateToParams(
      base,
      {
        page_index: 3,
        page_size: 20,
        keyword: '牛奶 1L',
        sorter: [{ field: 'price', order: 'asc' }],
        filters: { ...INITIAL, status: 'on_sale', level: 2, minPrice: 9.9 },
      },
      INITIAL,
      10,
    );
    expect(Object.fromEntries(params)).toEqual({
      id: '42',
      page: '3',
      size: '20',
      keyword: '牛奶 1L',
      sort: 'price.asc',
      status: 'on_sale',
      level: '2',
      minPrice: '9.9',
    });
    expect(
      listStateToParams(
        new URLSearchParams(),
        { page_index: 1, page_size: 10, keyword: '', sorter: [], filters: INITIAL },
        INITIAL,
        10,
      ).toString(),
    ).toBe('');
  });

  it('reads it back typed like the initial filters, ignoring the page’s parameters and bad values', () => {
    const s = listStateFromParams(
      new URLSearchParams(
        'id=42&page=3&size=20&keyword=x&sort=price.asc,stock.desc,bad&status=on_sale&roleId=007&level=2&categoryId=abc&minPrice=9.9',
      ),
      INITIAL,
      10,
    );
    expect(s).toEqual({
      page_index: 3,
      page_size: 20,
      keyword: 'x',
      sorter: [
        { field: 'price', order: 'asc' },
        { field: 'stock', order: 'desc' },
      ],
      filters: { status: 'on_sale', roleId: '007', level: 2, categoryId: 'abc', minPrice: 9.9 },
    });
    expect(listStateFromParams(new URLSearchParams('page=-1&size=x&level=abc'), INITIAL, 10)).toMatchObject({
      page_index: 1,
      page_size: 10,
      filters: INITIAL,
    });
  });
});

let control: ReturnType<typeof useUrlListState<Filters>> | undefined;
function List() {
  const list = useUrlListState<Filters>(INITIAL);
  control = list;
  const { page_index, keyword, sorter, filters } = list.state;
  return <p data-testid="state">{`${page_index}|${keyword}|${sorter.map((x) => `${x.field}.${x.order}`).join()}|${filters.status}`}</p>;
}

describe('useUrlListState', () => {
  it('keeps page, filters and sort when the merchant opens a row and comes back', async () => {
    const router = createMemoryRouter(
      [
        { path: '/Goodlist', element: <List /> },
        { path: '/editfrom', element: <p>编辑</p> },
      ],
      { initialEntries: ['/Goodlist'] },
    );
    render(<RouterProvider router={router} />);
    const state = () => screen.getByTestId('state').textContent;
    expect(state()).toBe('1|||all');
    act(() => control?.search('牛奶', { status: 'on_sale' }));
    act(() => control?.onTableChange({}, {}, { columnKey: 'price', order: 'ascend' } as never, {} as never));
    act(() => control?.setPage(3, 10));
    await waitFor(() => expect(state()).toBe('3|牛奶|price.asc|on_sale'));
    expect(router.state.location.search).toBe('?page=3&keyword=%E7%89%9B%E5%A5%B6&sort=price.asc&status=on_sale');

    await act(() => router.navigate('/editfrom?id=1'));
    expect(screen.getByText('编辑')).toBeTruthy();
    await act(() => router.navigate(-1));
    await waitFor(() => expect(state()).toBe('3|牛奶|price.asc|on_sale'));

    act(() => control?.reset());
    await waitFor(() => expect(state()).toBe('1|||all'));
    expect(router.state.location.search).toBe('');
  });

  it('builds each change on the one before, also when the address has not caught up yet (a tab, then Enter)', async () => {
    const router = createMemoryRouter([{ path: '/Goodlist', element: <List /> }], { initialEntries: ['/Goodlist?status=scheduled'] });
    render(<RouterProvider router={router} />);
    const state = () => screen.getByTestId('state').textContent;
    expect(state()).toBe('1|||scheduled');
    // Both in one tick: the second change must not bring back the status the first one left.
    act(() => {
      control?.search('', { status: 'all' });
      control?.search('纯棉T恤', {});
    });
    await waitFor(() => expect(state()).toBe('1|纯棉T恤||all'));
    expect(router.state.location.search).toBe('?keyword=%E7%BA%AF%E6%A3%89T%E6%81%A4');
  });
});
