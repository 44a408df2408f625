import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/shared/test-utils';
import CustomerInquiryPage from './customer-inquiry-page';

const canState = { edit: true };
vi.mock('@/hooks/use-can', () => ({ useCan: () => (_menu: string, op: string) => op === 'view' || canState.edit }));

const ROW = {
  id: 'm1',
  kind: 1,
  kindText: '会员',
  phone: '13912345678',
  name: '王小明',
  nickname: '小明',
  avatar: '',
  sex: 1,
  sexText: '男',
  levelName: '银卡',
  tags: ['老客'],
  tagCount: 3,
  source: 2,
  sourceText: '后台添加',
  status: 1,
  audit: 0,
  auditText: '待审核',
  orderCount: 2,
  spend: 12.5,
  lastOrderTime: '',
  balance: 0,
  points: 0,
  growth: 10,
  createTime: '2026-01-01 12:00:00',
  memberTime: '2026-01-01 12:00:00',
};

const list = vi.fn();
vi.mock('@/api/client', () => ({
  api: {
    clientQuery: {
      GetUserInfoList: (q: unknown) => list(q),
      GetFindTotalAdJust: async () => ({ count: 1, spend: 12.5, balance: 0, points: 0 }),
      LookUserInFind: async () => ({
        levels: [],
        tags: [],
        groups: [],
        cards: [],
        sources: [],
        sexes: [],
        kinds: [
          { value: 0, label: '客户' },
          { value: 1, label: '会员' },
        ],
        audits: [],
        statuses: [],
      }),
    },
  },
  callBlob: vi.fn(),
  ApiError: class extends Error {},
}));
vi.mock('@/realtime/hub-client', () => ({ onHubData: () => () => undefined }));

function renderPage() {
  renderRoutes([{ path: '/customerInquiry', element: <CustomerInquiryPage /> }], '/customerInquiry');
}

beforeEach(() => {
  list.mockReset();
  list.mockResolvedValue({ rows: [ROW], total_count: 1 });
});

describe('客户查询', { timeout: 90_000 }, () => {
  it('shows the rows with a detail link, the sums, and the write actions of an editor', async () => {
    canState.edit = true;
    renderPage();
    const link = await screen.findByRole('link', { name: '王小明' });
    expect(link.getAttribute('href')).toBe('/memberdetail?id=m1');
    expect(screen.getByText('+2')).toBeTruthy();
    expect(screen.getByText('通过')).toBeTruthy();
    expect(screen.getByRole('button', { name: /添加会员/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /打标签/ })).toBeTruthy();
    expect(list).toHaveBeenCalledWith({ page_index: 1, page_size: 20, sorter: [] });
  });

  it('hides the write actions from a view-only role', async () => {
    canState.edit = false;
    renderPage();
    await screen.findByRole('link', { name: '王小明' });
    expect(screen.queryByRole('button', { name: /添加会员/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /打标签/ })).toBeNull();
    expect(screen.queryByText('通过')).toBeNull();
  });

  it('sends the typed keyword as a filter', async () => {
    canState.edit = true;
    renderPage();
    await screen.findByRole('link', { name: '王小明' });
    fireEvent.change(screen.getByPlaceholderText('手机号 / 姓名 / 昵称'), { target: { value: '139' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page_index: 1, page_size: 20, sorter: [], keyword: '139' }));
  });
});
