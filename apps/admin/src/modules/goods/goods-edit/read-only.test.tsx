import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import FormEditPage from '@/modules/forms/form-edit/form-edit-page';
import PointsGoodsEditPage from '@/modules/goods/points-goods/points-goods-edit-page';
import StaffEditPage from '@/modules/team/staff-edit/staff-edit-page';
import { renderZh } from '@/shared/test-utils';
import GoodsEditPage from './goods-edit-page';

// Screens of a role that may only view (useCan answers no).
vi.mock('@/hooks/use-can', () => ({ useCan: () => () => false }));

const GOODS = {
  id: 'g1',
  goodsNo: 'SP000007',
  title: '鲜牛奶',
  type: 1,
  mainImage: '',
  categoryId: null,
  status: 1,
  startSaleAt: '',
  sort: 0,
  minPrice: 9.9,
  maxPrice: 9.9,
  totalStock: 5,
  createTime: '2026-01-01 00:00:00',
  unitId: null,
  images: [],
  sellingPoint: '',
  description: '<p>好喝</p>',
  specs: [{ name: '规格', values: ['1L'] }],
  skus: [{ skuId: 's1', specValues: { 规格: '1L' }, price: 9.9, originalPrice: 0, cost: 0, stock: 5, weight: 0, code: '', barcode: '' }],
  joinvip: false,
  showvipprice: false,
  havevipprice: false,
  purchaseLimit: 0,
  postFee: 0,
  delivery: ['express'],
  postFeeMode: 1,
  warrantyDays: 0,
  trackSerial: false,
  extensions: [],
};
const FORM = {
  formID: 'f1',
  frno: 'FR000001',
  formName: '周末报名',
  description: '',
  cover: '',
  fields: [{ id: 'name', label: '姓名', kind: 1, required: true, options: [], placeholder: '' }],
  startTime: '',
  endTime: '',
  totalLimit: 0,
  personLimit: 0,
  needPay: 0,
  price: 0,
  needVerify: false,
  state: 1,
  applyCount: 0,
  createTime: '2026-01-01 00:00:00',
  fillUrl: '/h5/form/f1',
};
const POINTS = {
  id: 'p1',
  kind: 1,
  title: '积分兑换杯',
  goodsId: null,
  points: 100,
  cash: 0,
  marketPrice: 0,
  mainImage: '',
  images: [],
  description: '',
  stock: 3,
  perMemberLimit: 0,
  sort: 0,
  status: 1,
  startAt: '',
  endAt: '',
};

vi.mock('@/api/client', () => ({
  ApiError: class extends Error {},
  api: {
    goods: { detail: async () => GOODS, getnextgoodsno: async () => ({ goodsNo: 'SP000008' }) },
    goodsType: { GetTreeSelData: async () => [] },
    goodUnit: { all: async () => [] },
    goodsViews: { GetAvailableGoods: async () => ({ rows: [], total_count: 0 }) },
    forms: { GetFrom: async () => FORM },
    pointsGoods: new Proxy({}, { get: () => async () => POINTS }),
    team: new Proxy(
      {},
      {
        get: (_t, name) => async () =>
          name === 'GetStaffOptions'
            ? { roles: [{ id: 'r1', name: '店员' }], shops: [{ id: 'sh1', name: '总店' }] }
            : { id: 'm1', phone: '13900000001', name: '小王', roleId: 'r1', shopId: 'sh1', remark: '', isOwner: false, isSelf: false },
      },
    ),
  },
}));

function renderAt(path: string, page: ReactElement) {
  const router = createMemoryRouter([{ path: path.split('?')[0], element: page }], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderZh(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const saveButton = () => screen.queryByRole('button', { name: /保\s*存/ });

// The machine renders these long antd forms slowly in jsdom: a generous limit, no timing asserted.
describe('a role that may only view', { timeout: 90_000 }, () => {
  it('sees a goods read-only, without 保存', async () => {
    renderAt('/editfrom?id=g1', <GoodsEditPage />);
    expect(await screen.findByDisplayValue('鲜牛奶')).toHaveProperty('disabled', true);
    expect(screen.getByText('查看商品')).toBeTruthy();
    expect(saveButton()).toBeNull();
    expect(screen.queryByRole('button', { name: /添加规格/ })).toBeNull();
    expect(screen.getByRole('button', { name: /返\s*回/ })).toHaveProperty('disabled', false);
  });

  it('sees a form in the designer read-only, without 保存 or the palette', async () => {
    renderAt('/FormResEdit?id=f1', <FormEditPage />);
    expect(await screen.findByDisplayValue('周末报名')).toHaveProperty('disabled', true);
    expect(saveButton()).toBeNull();
    expect(screen.queryByText('添加字段')).toBeNull();
    expect(screen.getByRole('button', { name: '删除字段' })).toHaveProperty('disabled', true);
  });

  it('sees a points goods read-only, without 保存', async () => {
    renderAt('/AGoodEdit?id=p1', <PointsGoodsEditPage />);
    expect(await screen.findByDisplayValue('积分兑换杯')).toHaveProperty('disabled', true);
    expect(saveButton()).toBeNull();
  });

  it('sees a member read-only, without 保存', async () => {
    renderAt('/EditStaff?id=m1', <StaffEditPage />);
    expect(await screen.findByDisplayValue('小王')).toHaveProperty('disabled', true);
    expect(saveButton()).toBeNull();
  });
});
