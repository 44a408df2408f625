import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/shared/test-utils';
import LevelEditPage from './level-edit-page';

const can = { value: true };
vi.mock('@/hooks/use-can', () => ({ useCan: () => () => can.value }));

const save = vi.fn();
vi.mock('@/api/client', () => {
  class ApiError extends Error {
    constructor(
      public code: number,
      message: string,
      public data: unknown = null,
    ) {
      super(message);
    }
  }
  return { ApiError, api: { levels: { save: (...a: unknown[]) => save(...a), getlv: async () => null } } };
});

function renderAt(path: string) {
  renderRoutes(
    [
      { path: '/EditLV', element: <LevelEditPage /> },
      { path: '/CardLV/:needpay', element: <div>等级列表</div> },
    ],
    path,
  );
}

// The machine renders antd forms slowly in jsdom: generous waits, no timing asserted.
const WAIT = { timeout: 20_000 };
const saveButton = () => screen.queryByRole('button', { name: /保\s*存/ });

describe('/EditLV', { timeout: 90_000 }, () => {
  beforeEach(() => {
    can.value = true;
    save.mockReset();
  });

  it('asks for the name inline, previews the card as typed, and shows the server’s threshold refusal under the field', async () => {
    renderAt('/EditLV?needpay=0');
    fireEvent.click(await screen.findByRole('button', { name: /保\s*存/ }, WAIT));
    expect(await screen.findByText('请输入等级名称', {}, WAIT)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    fireEvent.change(screen.getByPlaceholderText('如：银卡会员'), { target: { value: '金卡' } });
    await waitFor(() => expect(screen.getByTestId('level-card').textContent).toContain('金卡'), WAIT);

    const { ApiError } = await import('@/api/client');
    save.mockRejectedValueOnce(
      new ApiError(1001, '成长值须高于上一等级（银卡：100）', { errors: [{ field: 'growth', msg: '成长值须高于上一等级（银卡：100）' }] }),
    );
    fireEvent.click(saveButton() as HTMLElement);
    expect(await screen.findByText('成长值须高于上一等级（银卡：100）', {}, WAIT)).toBeTruthy();
    expect(save.mock.calls[0][0]).toMatchObject({
      needpay: 0,
      name: '金卡',
      rank: 1,
      growth: 0,
      rights: { discount: 1000, pointsTimes: 10, freeShipping: false, birthdayPoints: 0 },
    });
  });

  it('asks a paid level for its price and sends it as yuan text', async () => {
    renderAt('/EditLV?needpay=1');
    fireEvent.change(await screen.findByPlaceholderText('如：银卡会员', {}, WAIT), { target: { value: '黑卡' } });
    fireEvent.click(saveButton() as HTMLElement);
    expect(await screen.findByText('请输入价格', {}, WAIT)).toBeTruthy();
    save.mockResolvedValueOnce({ id: 'l1' });
    fireEvent.change(screen.getByRole('textbox', { name: '价格' }), { target: { value: '199.9' } });
    fireEvent.click(saveButton() as HTMLElement);
    expect(await screen.findByText('等级列表', {}, WAIT)).toBeTruthy();
    expect(save.mock.calls[0][0]).toMatchObject({ needpay: 1, name: '黑卡', price: '199.9', validDays: 365 });
  });

  it('has no 保存 for a role that may only view', async () => {
    can.value = false;
    renderAt('/EditLV?needpay=0');
    expect(await screen.findByText('新增免费等级', {}, WAIT)).toBeTruthy();
    expect(saveButton()).toBeNull();
  });
});
