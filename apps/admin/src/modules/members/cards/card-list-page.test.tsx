import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/shared/test-utils';
import CardListPage from './card-list-page';

vi.mock('@/hooks/use-can', () => ({ useCan: () => () => true }));
vi.mock('@/shared/can', () => ({ Can: ({ children }: { children: unknown }) => children }));

const CARD = {
  id: 'c1',
  name: '黑金卡',
  needpay: 1,
  price: 199.9,
  validDays: 30,
  validText: '领取后30天内有效',
  rights: { discount: 950, pointsTimes: 10, freeShipping: true, birthdayPoints: 0 },
  cover: { bgColor: '#1f1f1f', bgImage: '', textColor: '#ffffff' },
  status: 1,
  holderCount: 1,
  createTime: '2026-01-01 00:00:00',
};
const HOLDER = {
  id: 'h1',
  memberId: 'm1',
  name: '小王',
  phone: '13900000001',
  cardNo: 'VC20260101000001',
  source: 3,
  sourceText: '商家发放',
  amount: 0,
  receiveTime: '2026-01-01 00:00:00',
  expireTime: '2026-01-31 00:00:00',
  state: 1,
  stateText: '有效',
};
const calls = vi.hoisted(() => ({ forbidd: vi.fn(), withdraw: vi.fn(), grant: vi.fn() }));

vi.mock('@/api/client', () => ({
  ApiError: class extends Error {},
  api: {
    vipCards: {
      list: async () => ({ rows: [CARD], total_count: 1 }),
      userlist: async () => ({ rows: [HOLDER], total_count: 1 }),
      forbidd: async (b: unknown) => calls.forbidd(b),
      withdraw: async (b: unknown) => calls.withdraw(b),
      grant: async (b: unknown) => {
        calls.grant(b);
        return { granted: 1, extended: 0 };
      },
    },
  },
}));

function renderList() {
  renderRoutes([{ path: '/equityCard', element: <CardListPage /> }], '/equityCard');
}

/** A button of the newest dialog (a confirm over the drawer). */
const confirmButton = async (name: RegExp) => {
  const dialogs = await screen.findAllByRole('dialog');
  return within(dialogs[dialogs.length - 1]).findByRole('button', { name });
};

// The machine renders antd tables, drawers and modals slowly in jsdom: a generous limit, no timing asserted.
describe('the rights card list', { timeout: 180_000 }, () => {
  it('shows price in yuan, validity and holders; forbids after a confirm', async () => {
    renderList();
    expect((await screen.findAllByText('黑金卡')).length).toBeGreaterThan(0);
    expect(screen.getByText('付费 ¥199.90')).toBeTruthy();
    expect(screen.getAllByText('领取后30天内有效').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('switch', { name: '黑金卡启用状态' }));
    fireEvent.click(await confirmButton(/停\s*用/));
    await waitFor(() => expect(calls.forbidd).toHaveBeenCalledWith({ id: 'c1', status: 0 }));
  });

  it('opens the holders, withdraws one after a confirm, grants by phone', async () => {
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: '领取记录' }));
    expect(await screen.findByText('VC20260101000001')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /收\s*回/ }));
    fireEvent.click(await confirmButton(/收\s*回/));
    await waitFor(() => expect(calls.withdraw).toHaveBeenCalledWith({ id: 'h1' }));

    fireEvent.click(screen.getByRole('button', { name: '发放权益卡' }));
    const box = await screen.findByPlaceholderText(/13800138000/);
    fireEvent.change(box, { target: { value: '1390000000' } });
    fireEvent.click(await confirmButton(/发\s*放/));
    expect(await screen.findByText('手机号 1390000000 格式不正确', undefined, { timeout: 15_000 })).toBeTruthy();
    fireEvent.change(box, { target: { value: '13900000002\n13900000003' } });
    fireEvent.click(await confirmButton(/发\s*放/));
    await waitFor(() => expect(calls.grant).toHaveBeenCalledWith({ cardId: 'c1', phones: ['13900000002', '13900000003'] }));
  });
});
