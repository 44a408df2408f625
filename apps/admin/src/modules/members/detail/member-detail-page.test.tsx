import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/shared/test-utils';
import MemberDetailPage from './member-detail-page';
import { FORBID_TEXT } from './member-header';

const MEMBER = {
  id: 'm1',
  phone: '13900000001',
  name: '王小明',
  nickname: '用户0001',
  avatar: '',
  sex: 1,
  sexText: '男',
  birthday: '1990-05-01',
  source: 1,
  sourceText: 'H5商城',
  kind: 1,
  kindText: '会员',
  status: 1,
  statusText: '正常',
  audit: 1,
  auditText: '已通过',
  remark: '',
  createTime: '2026-01-01 00:00:00',
  memberTime: '2026-01-01 00:00:00',
  lastLoginTime: '',
  orderCount: 2,
  spend: 133.2,
  lastOrderTime: '2026-01-02 10:00:00',
  balance: 0,
  points: 0,
  growth: 120,
  levelId: 'l1',
  levelName: '银卡',
  paidLevelId: '',
  paidLevelName: '',
  paidLevelExpire: '',
  nextLevel: { id: 'l2', name: '金卡', growth: 500, need: 380 },
  tags: [{ id: 't1', name: '高价值' }],
  groups: [],
  cards: [],
};

const state = vi.hoisted(() => ({ can: true, missing: false, calls: [] as unknown[] }));

vi.mock('@/hooks/use-can', () => ({ useCan: () => () => state.can }));
vi.mock('@/api/client', () => {
  class ApiError extends Error {
    constructor(
      public readonly code: number,
      message: string,
    ) {
      super(message);
    }
  }
  return {
    ApiError,
    lastSuccessMsg: () => '',
    api: {
      memberDetail: {
        GetUserDetail: async () => {
          if (state.missing) throw new ApiError(1004, '会员不存在');
          return MEMBER;
        },
        GetUserVip: async () => ({ grants: [], paidLevels: [], paidLevelValid: false, paidLevelName: '', paidLevelId: '' }),
        UserEditState: async (b: unknown) => {
          state.calls.push(b);
          return null;
        },
      },
    },
  };
});

function renderPage(path = '/memberdetail?id=m1') {
  renderRoutes([{ path: '/memberdetail', element: <MemberDetailPage /> }], path);
}

beforeEach(() => {
  state.can = true;
  state.missing = false;
  state.calls = [];
});

describe('会员详情', { timeout: 60_000 }, () => {
  it('shows the member’s card with level, tags and state', async () => {
    renderPage();
    expect((await screen.findAllByText('王小明')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('13900000001').length).toBeGreaterThan(0);
    expect(screen.getAllByText('银卡').length).toBeGreaterThan(0);
    expect(screen.getByText('高价值')).toBeTruthy();
    expect(screen.getByText('正常')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '互动事件' })).toBeTruthy();
  });

  it('asks before forbidding, then forbids', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /禁\s*用/ }));
    expect(await screen.findByText(FORBID_TEXT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(state.calls).toEqual([{ id: 'm1', status: 0 }]));
  });

  it('hides every change from a role that may only view', async () => {
    state.can = false;
    renderPage();
    expect((await screen.findAllByText('王小明')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /禁\s*用/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /重置密码/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编辑资料/ })).toBeNull();
  });

  it('says 会员不存在 for an unknown member', async () => {
    state.missing = true;
    renderPage('/memberdetail?id=nobody');
    expect(await screen.findByText('会员不存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回客户查询' })).toBeTruthy();
  });
});
