import { useEffect, useRef } from 'react';

interface Props {
  /** An ECharts option (https://echarts.apache.org/zh/option.html). */
  option: Record<string, unknown>;
  height?: number;
  testId?: string;
}

/**
 * One ECharts chart. The library loads only when a chart renders (a dynamic import, as the dashboard's login trend),
 * so the console's main bundle does not carry it; the chart follows the window's size and is disposed on unmount.
 */
export function EChart({ option, height = 280, testId }: Props) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | undefined;
    const onResize = () => chart?.resize();
    import('echarts').then((echarts) => {
      if (disposed || !el.current) return;
      const c = echarts.init(el.current);
      c.setOption(option);
      chart = c;
      window.addEventListener('resize', onResize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [option]);
  return <div ref={el} style={{ height }} data-testid={testId} />;
}
