/** The console's 数据: sales figures over a range of Beijing days (docs/stats.md). The module's public surface: docs/architecture.md. */
export { type Stats, type StatsTotals, getStats } from './stats';
export { exportStatsCsv } from './csv';
