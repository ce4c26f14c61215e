/**
 * The parts of Apache ECharts the console's charts draw with (echarts/core: line, bar, grid, tooltip,
 * legend, the SVG renderer), registered once. Its own chunk: stats-charts.tsx imports it when a chart
 * mounts, so the 数据 page's HTML and table come without waiting for the chart library.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export const init = echarts.init;
