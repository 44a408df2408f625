import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/shared/test-utils';
import CardEditPage from './card-edit-page';

vi.mock('@/hooks/use-can', () => ({ useCan: () => () => true }));

const CARD = {
  id: 'c1',
  name: '黑金卡',
  needpay: 1,
  price: 199.9,
  validDays: 30,
  validText: '领取后30天内有效',
  rights: { discount: 950, pointsTimes: 20, freeShipping: true, birthdayPoints: 0 },
  cover: { bgColor: '#1f1f1f', bgImage: '', textColor: '#ffffff' },
  status: 1,
  holderCount: 0,
  createTime: '2026-01-01 00:00:00',
  notice: '仅限本人',
  updateTime: '2026-01-01 00:00:00',
};
const save = vi.fn(async (_body: unknown) => ({ id: 'c1' }));

vi.mock('@/api/client', () => ({
  ApiError: class extends Error {},
  api: { vipCards: { detail: async () => CARD, save: (b: unknown) => save(b) } },
}));

function renderAt(path: string) {
  renderRoutes(
    [
      { path: '/addrights', element: <CardEditPage /> },
      { path: '/equityCard', element: <div>列表页</div> },
    ],
    path,
  );
}

const saveButton = () => screen.getByRole('button', { name: /保\s*存/ });

describe('the rights card form', { timeout: 90_000 }, () => {
  it('validates inline and previews the card as it is typed', async () => {
    renderAt('/addrights');
    fireEvent.click(saveButton());
    expect(await screen.findByText('请输入权益卡名称', undefined, { timeout: 15_000 })).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('如：黑金卡'), { target: { value: '白金卡' } });
    expect(screen.getByTestId('card-preview').textContent).toContain('白金卡');
    fireEvent.click(screen.getByLabelText('付费购买'));
    // 保存 is a DebouncedButton: it takes a second click only once it is enabled again.
    await waitFor(() => expect((saveButton() as HTMLButtonElement).disabled).toBe(false), { timeout: 5_000 });
    fireEvent.click(saveButton());
    expect(await screen.findByText('请输入售价', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('loads a card and saves its rights and price as the contract takes them', async () => {
    renderAt('/addrights?id=c1');
    expect(await screen.findByDisplayValue('黑金卡')).toBeTruthy();
    expect(screen.getByTestId('card-preview').textContent).toContain('9.5折');
    fireEvent.click(saveButton());
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0][0]).toMatchObject({
      id: 'c1',
      name: '黑金卡',
      needpay: 1,
      price: '199.9',
      validDays: 30,
      rights: { discount: 950, pointsTimes: 20, freeShipping: true, birthdayPoints: 0 },
      cover: { bgColor: '#1f1f1f', bgImage: '', textColor: '#ffffff' },
      notice: '仅限本人',
      status: 1,
    });
    expect(await screen.findByText('列表页')).toBeTruthy();
  });
});
