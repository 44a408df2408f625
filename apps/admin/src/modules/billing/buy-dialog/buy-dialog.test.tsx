import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderZh } from '@/shared/test-utils';
import { BuyDialog } from './buy-dialog';

const ORDER = '00000000-0000-4000-8000-0000000000aa';
const RENTER = '00000000-0000-4000-8000-0000000000bb';
let info = {
  ProductLineGUID: 'wsc-h5',
  CustomerGUID: RENTER,
  kind: 'product' as const,
  name: '微商城（H5版）',
  annualPrice: 1980,
  buyoutPrice: 6880,
  usagemd: true,
  usagenf: true,
  mdornf: 0,
  serviceendtime: '2026-12-01 10:00:00',
};
const RenterBuy = vi.fn(async (_b: unknown) => ({ PayOrderGUID: ORDER, qr_code: 'http://localhost/pay/sandbox/abc', Total: '3960.00' }));
const GetPayOrder = vi.fn(async (_b: unknown, _o?: unknown) => ({ PayStatus: 1 }));
const CancelBuy = vi.fn(async (_b: unknown) => null);

vi.mock('@/api/client', () => ({
  api: {
    billing: {
      GetBuyInfo: async () => info,
      RenterBuy: (b: unknown) => RenterBuy(b),
      GetPayOrder: (b: unknown, o: unknown) => GetPayOrder(b, o),
      CancelBuy: (b: unknown) => CancelBuy(b),
    },
  },
}));

function open(props: { onPaid?: () => void; onClose?: () => void } = {}) {
  const onPaid = props.onPaid ?? vi.fn();
  const onClose = props.onClose ?? vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderZh(
    <QueryClientProvider client={client}>
      <BuyDialog target="" onClose={onClose} onPaid={onPaid} />
    </QueryClientProvider>,
  );
  return { onPaid, onClose };
}

const amount = () => screen.getByTestId('buy-amount').textContent;
const confirmBtn = () => screen.getByRole('button', { name: /确\s*认\s*购\s*买/ });

beforeEach(() => {
  info = { ...info, usagemd: true, usagenf: true };
  RenterBuy.mockClear();
  GetPayOrder.mockClear();
  CancelBuy.mockClear();
});

describe('BuyDialog (spec 000 §4 buy flow)', { timeout: 60_000 }, () => {
  it('defaults to annual for 1 year and shows the total; buyout hides the years', async () => {
    open();
    expect(await screen.findByText('购买 微商城（H5版）')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /年费/ })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('购买年数')).toHaveProperty('value', '1');
    expect(amount()).toBe('¥1980.00');
    fireEvent.change(screen.getByLabelText('购买年数'), { target: { value: '3' } });
    await waitFor(() => expect(amount()).toBe('¥5940.00'));
    await userEvent.click(screen.getByRole('radio', { name: /买断/ }));
    await waitFor(() => expect(amount()).toBe('¥6880.00'));
    expect(screen.queryByLabelText('购买年数')).toBeNull();
  });

  it('offers only what the version allows: buyout alone is the default', async () => {
    info = { ...info, usagenf: false };
    open();
    await screen.findByText('购买 微商城（H5版）');
    expect(screen.queryByRole('radio', { name: /年费/ })).toBeNull();
    expect(screen.getByRole('radio', { name: /买断/ })).toHaveProperty('checked', true);
    expect(amount()).toBe('¥6880.00');
  });

  it('refuses 0 years with 请输入购买年数 and 提交数据失败', async () => {
    open();
    await screen.findByText('购买 微商城（H5版）');
    fireEvent.change(screen.getByLabelText('购买年数'), { target: { value: '0' } });
    await userEvent.click(confirmBtn());
    expect(await screen.findByText('请输入购买年数')).toBeTruthy();
    expect(await screen.findByText('提交数据失败')).toBeTruthy();
    expect(RenterBuy).not.toHaveBeenCalled();
  });

  it('confirms: the QR code and total; 我已支付 reports 未支付, then 支付成功', async () => {
    const { onPaid } = open();
    await screen.findByText('购买 微商城（H5版）');
    fireEvent.change(screen.getByLabelText('购买年数'), { target: { value: '2' } });
    await userEvent.click(confirmBtn());
    expect(RenterBuy).toHaveBeenCalledWith({ ProductLineGUID: 'wsc-h5', CustomerGUID: RENTER, MdOrNf: 2, BuyNS: 2, BuyYHS: 0 });
    expect(await screen.findByTestId('buy-total')).toHaveProperty('textContent', '¥3960.00');
    expect(screen.getByRole('img', { name: '支付二维码' }).querySelector('canvas')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /我已支付/ }));
    expect(await screen.findByText('购买订单未支付')).toBeTruthy();
    expect(onPaid).not.toHaveBeenCalled();

    GetPayOrder.mockResolvedValueOnce({ PayStatus: 2 });
    await userEvent.click(screen.getByRole('button', { name: /我已支付/ }));
    expect(await screen.findAllByText(/支付成功/)).not.toHaveLength(0);
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('says 获取购买订单信息错误 when the check fails', async () => {
    open();
    await screen.findByText('购买 微商城（H5版）');
    await userEvent.click(confirmBtn());
    await screen.findByTestId('buy-total');
    GetPayOrder.mockRejectedValueOnce(new Error('x'));
    await userEvent.click(screen.getByRole('button', { name: /我已支付/ }));
    expect(await screen.findByText('获取购买订单信息错误')).toBeTruthy();
  });

  it('cancel asks 确认要取消购买吗? first, then closes the order and the dialog', async () => {
    const { onClose } = open();
    await screen.findByText('购买 微商城（H5版）');
    await userEvent.click(confirmBtn());
    await screen.findByTestId('buy-total');
    await userEvent.click(screen.getByRole('button', { name: /取消购买/ }));
    const title = (await screen.findAllByText('确认要取消购买吗?')).find((e) => e.classList.contains('ant-modal-confirm-title'));
    const confirm = title?.closest('.ant-modal-confirm') as HTMLElement;
    expect(CancelBuy).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(CancelBuy).toHaveBeenCalledWith({ OrderGUID: ORDER });
    expect(await screen.findByText('已取消购买')).toBeTruthy();
  });
});
