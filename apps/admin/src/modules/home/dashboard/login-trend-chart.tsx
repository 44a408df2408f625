import { useEffect, useRef } from 'react';

interface Props {
  data: { day: string; count: number }[];
}

/** A line chart of logins per day; the charting library loads only when this renders. */
export function LoginTrendChart({ data }: Props) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | undefined;
    const onResize = () => chart?.resize();
    import('echarts').then((echarts) => {
      if (disposed || !el.current) return;
      const c = echarts.init(el.current);
      c.setOption({
        grid: { left: 40, right: 16, top: 24, bottom: 28 },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category', data: data.map((d) => d.day.slice(5)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [{ name: '登录次数', type: 'line', areaStyle: { opacity: 0.15 }, data: data.map((d) => d.count) }],
      });
      chart = c;
      window.addEventListener('resize', onResize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [data]);
  return <div ref={el} style={{ height: 260 }} data-testid="login-trend-chart" />;
}
