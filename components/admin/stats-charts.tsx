'use client';
/**
 * The charts of the console's 数据 page (docs/stats.md#page): 成交额 and orders over the range, and
 * the products sold most. Apache ECharts, only the parts drawn here (./echarts-core.ts), loaded when a
 * chart mounts: the page's first-load JavaScript stays within its budget (scripts/js-budget.mjs) and the
 * shop's pages never load it (docs/stats.md#bundle says how that is checked). The numbers are also in
 * the page's table, which is what a screen reader reads; the chart's box has its height from the start,
 * so nothing moves when it is drawn.
 */
import { useEffect, useRef } from 'react';
import type { ECharts, EChartsCoreOption } from 'echarts/core';
import { formatFen } from '@/lib/domain/money';

export type TrendPoint = { date: string; paidFen: number; netFen: number; ordersPaid: number; ordersPlaced: number };
export type TopProduct = { productId: number; name: string; units: number; paidFen: number };

const yuan = (fen: number) => Math.round(fen) / 100;
const BRAND = '#0b3d91'; // --c-brand

/**
 * One chart in a div: made once ECharts has loaded after mount (with the option of that moment), given
 * the new option when the numbers change, resized with its box, disposed on unmount.
 */
function Chart({ option, label, height }: { option: EChartsCoreOption; label: string; height: number }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const latest = useRef(option);
  useEffect(() => {
    const el = box.current!;
    let gone = false;
    let watch: ResizeObserver | null = null;
    void import('./echarts-core').then(({ init }) => {
      if (gone) return;
      const c = init(el, undefined, { renderer: 'svg' });
      c.setOption(latest.current, { notMerge: true });
      chart.current = c;
      watch = new ResizeObserver(() => c.resize());
      watch.observe(el);
    });
    return () => {
      gone = true;
      watch?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    latest.current = option;
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return <div ref={box} className="stats-chart" style={{ height }} role="img" aria-label={label} />;
}

export function StatsTrendChart({ points }: { points: TrendPoint[] }) {
  const option: EChartsCoreOption = {
    animation: false,
    color: [BRAND, '#16a34a', '#f59e0b', '#94a3b8'],
    tooltip: {
      trigger: 'axis',
      formatter: (params: { seriesName: string; value: number; axisValueLabel: string; marker: string }[]) =>
        [params[0]?.axisValueLabel ?? '', ...params.map((p) => `${p.marker}${p.seriesName}：${p.seriesName.includes('额') || p.seriesName.includes('收入') ? formatFen(Math.round(p.value * 100)) : `${p.value} 单`}`)].join('<br/>'),
    },
    legend: { top: 0 },
    grid: { left: 64, right: 48, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: points.map((p) => p.date.slice(5)), axisTick: { alignWithLabel: true } },
    yAxis: [
      { type: 'value', name: '金额（元）', axisLabel: { formatter: (v: number) => (Math.abs(v) >= 10_000 ? `${v / 10_000}万` : String(v)) } },
      { type: 'value', name: '订单数', minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      { name: '成交额', type: 'line', symbolSize: 6, data: points.map((p) => yuan(p.paidFen)), areaStyle: { opacity: 0.08 } },
      { name: '净收入', type: 'line', symbolSize: 4, data: points.map((p) => yuan(p.netFen)) },
      { name: '付款订单', type: 'line', yAxisIndex: 1, symbolSize: 4, data: points.map((p) => p.ordersPaid) },
      { name: '下单', type: 'line', yAxisIndex: 1, symbolSize: 4, lineStyle: { type: 'dashed' }, data: points.map((p) => p.ordersPlaced) },
    ],
  };
  return <Chart option={option} label="成交额与订单数走势图（数值见下方明细表）" height={320} />;
}

export function StatsTopChart({ products }: { products: TopProduct[] }) {
  const rows = [...products].reverse(); // the biggest at the top of a horizontal bar chart
  const option: EChartsCoreOption = {
    animation: false,
    color: [BRAND],
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: { dataIndex: number }[]) => {
        const p = rows[params[0]?.dataIndex ?? 0];
        return p ? `${p.name}<br/>成交额：${formatFen(p.paidFen)}<br/>件数：${p.units} 件` : '';
      },
    },
    grid: { left: 8, right: 72, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', show: false },
    yAxis: { type: 'category', data: rows.map((p) => (p.name.length > 14 ? `${p.name.slice(0, 14)}…` : p.name)), axisTick: { show: false } },
    series: [{ name: '成交额', type: 'bar', barMaxWidth: 18, data: rows.map((p) => yuan(p.paidFen)), label: { show: true, position: 'right', formatter: (v: { value: number }) => formatFen(Math.round(v.value * 100)) } }],
  };
  return <Chart option={option} label="热销商品成交额条形图（数值见旁边的表）" height={Math.max(160, rows.length * 34 + 24)} />;
}
