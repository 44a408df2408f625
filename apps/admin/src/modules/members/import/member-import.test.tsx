import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/shared/test-utils';
import MemberAddImportPage from './member-add-import-page';
import MemberImportDetailPage from './member-import-detail-page';

vi.mock('@/hooks/use-can', () => ({ useCan: () => () => true }));

const VIEW = {
  id: 'i1',
  fileName: '会员.xlsx',
  status: 1,
  statusText: '待确认',
  existing: 1,
  headers: ['手机号*', '姓名'],
  mapping: { phone: 0, name: 1 },
  counts: { total: 3, good: 2, bad: 1, existing: 1 },
  doneRows: 0,
  created: 0,
  updated: 0,
  skipped: 0,
  error: '',
  operator: '老板',
  createTime: '2026-01-01 10:00:00',
  finishTime: '',
};
const BAD_ROW = {
  row: 3,
  phone: '123',
  name: '坏号',
  data: { phone: '123', name: '坏号' },
  error: '手机号格式不正确',
  result: 4,
  resultText: '错误',
  memberId: null,
};

const calls = vi.hoisted(() => ({ importData: vi.fn(), detail: vi.fn() }));
vi.mock('@/api/client', () => ({
  ApiError: class extends Error {},
  api: {
    memberImport: {
      GetImportDetail: (b: unknown) => calls.detail(b),
      GetCheckUserPhone: async () => ({ rows: [BAD_ROW], total_count: 1 }),
      ImportData: (b: unknown) => calls.importData(b),
      CheckUserPhone: async () => VIEW,
    },
  },
  callBlob: vi.fn(),
  upload: vi.fn(),
}));
vi.mock('@/realtime/hub-client', () => ({ onHubData: () => () => undefined }));

function renderAt(path: string, page: ReactElement) {
  renderRoutes(
    [
      { path: path.split('?')[0], element: page },
      { path: '/member/importdetail', element: <div>详情页</div> },
    ],
    path,
  );
}

beforeEach(() => {
  calls.importData.mockReset();
  calls.detail.mockReset();
});

describe('新建导入', { timeout: 60_000 }, () => {
  it('shows the preview with its bad rows; 确认导入 needs 仅导入正确的行, then goes to the detail', async () => {
    calls.detail.mockResolvedValue({ import: VIEW, rows: { rows: [], total_count: 0 } });
    calls.importData.mockResolvedValue({ id: 'i1', status: 4, total: 2 });
    renderAt('/member/addimport?id=i1', <MemberAddImportPage />);
    expect(await screen.findByText('手机号格式不正确', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('错误行（1）')).toBeTruthy();
    expect(screen.getByText('已是会员（1）')).toBeTruthy();
    const confirm = screen.getByRole('button', { name: /确认导入/ });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByText(/仅导入正确的行/));
    await waitFor(() => expect(screen.getByRole('button', { name: /确认导入/ })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: /确认导入/ }));
    // The confirm dialog's own 确认导入.
    await waitFor(() => expect(screen.getAllByRole('button', { name: /确认导入/ }).length).toBe(2), { timeout: 5000 });
    fireEvent.click(screen.getAllByRole('button', { name: /确认导入/ })[1]);
    await waitFor(() => expect(calls.importData).toHaveBeenCalledWith({ id: 'i1', existing: 1, onlyValid: true }));
    expect(await screen.findByText('详情页')).toBeTruthy();
  });
});

describe('导入详情', { timeout: 60_000 }, () => {
  it('shows the progress and counts of an import under way', async () => {
    calls.detail.mockResolvedValue({
      import: { ...VIEW, status: 4, statusText: '导入中', doneRows: 2, created: 1, skipped: 1 },
      rows: { rows: [BAD_ROW], total_count: 1 },
    });
    renderAt('/member/importdetail?id=i1', <MemberImportDetailPage />);
    expect(await screen.findByText('2/3', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('导入中')).toBeTruthy();
    expect(screen.getByText('手机号格式不正确')).toBeTruthy();
  });
});
