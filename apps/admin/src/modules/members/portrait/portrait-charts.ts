/** ECharts options of the member figures (pure: tested without a browser). */

export interface Slice {
  key: string;
  name: string;
  count: number;
}

const pct = (n: number, total: number) => (total > 0 ? `${Math.round((n * 1000) / total) / 10}%` : '0%');

/** A distribution with nothing to show: no members, or every slice empty. */
export const isEmpty = (d: { total: number; list: Slice[] } | undefined) => !d || d.total === 0 || d.list.every((s) => s.count === 0);

/** A pie (sex): each slice with its count and share. */
export function pieOption(list: Slice[], seriesName: string) {
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c}人（{d}%）' },
    legend: { bottom: 0 },
    series: [
      {
        name: seriesName,
        type: 'pie',
        radius: ['40%', '68%'],
        label: { formatter: '{b} {d}%' },
        data: list.map((s) => ({ name: s.name, value: s.count })),
      },
    ],
  };
}

/** Bars (age bands, months, levels, cards, tags); `horizontal` for long names. The tooltip shows the share of `total`. */
export function barOption(list: Slice[], seriesName: string, total: number, horizontal = false) {
  const names = list.map((s) => s.name);
  const category = { type: 'category', data: horizontal ? [...names].reverse() : names, axisLabel: { interval: 0 } };
  const value = { type: 'value', minInterval: 1 };
  const data = list.map((s) => ({ value: s.count, share: pct(s.count, total) }));
  return {
    grid: { left: horizontal ? 96 : 48, right: 24, top: 24, bottom: 32 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (ps: { name: string; value: number; data: { share: string } }[]) =>
        ps.map((p) => `${p.name}：${p.value}人（占会员${p.data.share}）`).join('<br/>'),
    },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    series: [{ name: seriesName, type: 'bar', barMaxWidth: 32, data: horizontal ? [...data].reverse() : data }],
  };
}

/** Two lines: new customers and new members per day. */
export function trendOption(list: { day: string; customers: number; members: number }[]) {
  return {
    grid: { left: 48, right: 24, top: 40, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'category', data: list.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '新增客户', type: 'line', smooth: true, data: list.map((d) => d.customers) },
      { name: '新增会员', type: 'line', smooth: true, areaStyle: { opacity: 0.12 }, data: list.map((d) => d.members) },
    ],
  };
}
