import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '@/shared/test-utils';
import PortraitAnalysisPage from './portrait-analysis-page';
import { barOption, isEmpty, pieOption, trendOption } from './portrait-charts';

// The chart library is not loaded in jsdom: a chart renders as its container only.
vi.mock('echarts', () => ({ init: () => ({ setOption: () => undefined, dispose: () => undefined, resize: () => undefined }) }));

const slices = (xs: [string, number][]) => xs.map(([name, count]) => ({ key: name, name, count }));
const empty = { total: 0, list: slices([['男', 0]]) };

vi.mock('@/api/client', () => ({
  api: {
    memberPortrait: {
      GetMebSex: async () => ({
        total: 3,
        list: slices([
          ['男', 1],
          ['女', 2],
          ['未知', 0],
        ]),
      }),
      GetMebBirYear: async () => ({
        total: 3,
        list: slices([
          ['90后', 2],
          ['未填写', 1],
        ]),
      }),
      GetMebBirMonth: async () => empty,
      GetMebLv: async () => ({ total: 3, list: slices([['普通会员', 3]]) }),
      GetMebCard: async () => ({ total: 3, list: [] }),
      GetMebTag: async () => ({ total: 3, list: slices([['学生', 1]]) }),
    },
  },
}));

describe('portrait charts', () => {
  it('builds a pie with each slice and bars with shares of all members', () => {
    const pie = pieOption(
      slices([
        ['男', 1],
        ['女', 3],
      ]),
      '性别',
    );
    expect(pie.series[0].data).toEqual([
      { name: '男', value: 1 },
      { name: '女', value: 3 },
    ]);
    const bar = barOption(
      slices([
        ['一', 1],
        ['二', 3],
      ]),
      '等级',
      8,
    );
    expect(bar.xAxis).toMatchObject({ type: 'category', data: ['一', '二'] });
    expect(bar.series[0].data).toEqual([
      { value: 1, share: '12.5%' },
      { value: 3, share: '37.5%' },
    ]);
    // Horizontal bars list the first slice at the top.
    const h = barOption(
      slices([
        ['一', 1],
        ['二', 3],
      ]),
      '标签',
      4,
      true,
    );
    expect(h.yAxis).toMatchObject({ type: 'category', data: ['二', '一'] });
    expect(h.series[0].data.map((d) => d.value)).toEqual([3, 1]);
  });

  it('says empty when there are no members or every slice is 0', () => {
    expect(isEmpty(undefined)).toBe(true);
    expect(isEmpty(empty)).toBe(true);
    expect(isEmpty({ total: 2, list: [] })).toBe(true);
    expect(isEmpty({ total: 2, list: slices([['男', 2]]) })).toBe(false);
  });

  it('draws new customers and members per day', () => {
    const t = trendOption([{ day: '2026-11-25', customers: 3, members: 2 }]);
    expect(t.xAxis.data).toEqual(['11-25']);
    expect(t.series.map((s) => [s.name, s.data])).toEqual([
      ['新增客户', [3]],
      ['新增会员', [2]],
    ]);
  });
});

describe('会员画像 page', { timeout: 30_000 }, () => {
  it('shows a chart per figure, 暂无数据 where there is none', async () => {
    renderWithQuery(<PortraitAnalysisPage />);
    const month = await screen.findByTestId('portrait-GetMebBirMonth');
    expect((await within(month).findAllByText('暂无数据')).length).toBeGreaterThan(0);
    const card = await screen.findByTestId('portrait-GetMebCard');
    expect((await within(card).findAllByText('暂无数据')).length).toBeGreaterThan(0);
    const sex = await screen.findByTestId('portrait-GetMebSex');
    expect(within(sex).queryAllByText('暂无数据')).toHaveLength(0);
    expect(screen.getByText('性别分布')).toBeTruthy();
    expect(screen.getByText('人数最多的20个标签')).toBeTruthy();
  });
});
