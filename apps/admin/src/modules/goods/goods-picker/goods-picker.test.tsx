import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderZh } from '@/shared/test-utils';
import { GoodsPicker, type PickedGoods } from './goods-picker';

const goods = (i: number): PickedGoods => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  goodsNo: `SP00000${i}`,
  title: `商品${i}`,
  mainImage: '',
  categoryId: null,
  status: 1,
  minPrice: i,
  maxPrice: i,
  totalStock: 10,
  skus: [{ skuId: `s${i}`, specValues: {}, specText: '', price: i, stock: 10 }],
});

const available = vi.fn(async (q: { page_index: number; page_size: number; keyword: string; excludeIds: string[] }) => {
  const all = [1, 2, 3].map(goods).filter((g) => !q.excludeIds.includes(g.id) && g.title.includes(q.keyword));
  const start = (q.page_index - 1) * q.page_size;
  return { rows: all.slice(start, start + q.page_size), total_count: all.length };
});

vi.mock('@/api/client', () => ({
  api: {
    goodsViews: { GetAvailableGoods: (q: never) => available(q) },
    goodsType: { GetTreeSelData: async () => [] },
  },
}));

function renderPicker(props: Partial<Parameters<typeof GoodsPicker>[0]> = {}) {
  const onOk = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderZh(
    <QueryClientProvider client={client}>
      <GoodsPicker open onCancel={() => undefined} onOk={onOk} {...props} />
    </QueryClientProvider>,
  );
  return onOk;
}

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;

describe('GoodsPicker', { timeout: 60_000 }, () => {
  it('answers the goods ticked, with their SKUs, and leaves out excluded ones', async () => {
    const onOk = renderPicker({ excludeIds: [goods(2).id] });
    expect(await screen.findByText('商品1')).toBeTruthy();
    expect(screen.queryByText('商品2')).toBeNull();
    await userEvent.click(within(await rowOf('商品1')).getByRole('checkbox'));
    await userEvent.click(within(await rowOf('商品3')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: /确\s*定（2）/ }));
    expect(onOk).toHaveBeenCalledTimes(1);
    const picked = onOk.mock.calls[0][0] as PickedGoods[];
    expect(picked.map((g) => g.title)).toEqual(['商品1', '商品3']);
    expect(picked[0].skus[0]).toMatchObject({ skuId: 's1', price: 1 });
  });

  it('keeps a single choice with max 1, and searches on the server', async () => {
    const onOk = renderPicker({ max: 1 });
    await userEvent.click(within(await rowOf('商品1')).getByRole('radio'));
    await userEvent.click(within(await rowOf('商品2')).getByRole('radio'));
    await userEvent.type(screen.getByLabelText('搜索商品'), '商品3{Enter}');
    await waitFor(() => expect(available).toHaveBeenLastCalledWith(expect.objectContaining({ keyword: '商品3', page_index: 1 })));
    await userEvent.click(screen.getByRole('button', { name: /确\s*定（1）/ }));
    expect((onOk.mock.calls[0][0] as PickedGoods[]).map((g) => g.title)).toEqual(['商品2']);
  });
});
