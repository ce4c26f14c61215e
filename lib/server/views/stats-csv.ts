/**
 * The console's 导出 CSV of 数据: one row per day, week or month, then 合计 and 上一周期.
 *
 * 导出 CSV of 数据: the table on the page, one row per day, week or month, then 合计 and 上一周期;
 * money in yuan; the file format is lib/server/csv.ts (BOM, CRLF, quoted, formula guard).
 */
import 'server-only';
import { fenToYuanString } from '../../domain/money';
import { averageFen, STATS_GRANULARITY_LABEL } from '../../domain/stats';
import { toCsv, type CsvCell } from '../csv';
import { getStats, type StatsFigures } from './stats';

const HEAD = ['日期', '下单数', '付款订单数', '付款人数', '成交额（元）', '退款（元）', '净收入（元）', '优惠券抵扣（元）', '客单价（元）'] as const;

function row(label: string, f: StatsFigures & { averageOrderFen?: number }): CsvCell[] {
  const yuan = fenToYuanString;
  return [
    label,
    f.ordersPlaced,
    f.ordersPaid,
    f.buyers,
    yuan(f.paidFen),
    yuan(f.refundedFen),
    yuan(f.netFen),
    yuan(f.discountFen),
    yuan(f.averageOrderFen ?? averageFen(f.paidFen, f.ordersPaid)),
  ];
}

/** The CSV and its file name, in Chinese and in ASCII (the handler makes the download). */
export async function exportStatsCsv(query: unknown): Promise<{ body: string; filename: string; asciiFilename: string }> {
  const s = await getStats(query);
  const body = toCsv(HEAD, [
    ...s.series.map((p) => row(p.date, p)),
    row(`合计 ${s.from} 至 ${s.to}`, s.totals),
    row(`上一周期 ${s.previousFrom} 至 ${s.previousTo}`, s.previous),
  ]);
  const span = `${s.from.replace(/-/g, '')}-${s.to.replace(/-/g, '')}`;
  return { body, filename: `数据-${span}-按${STATS_GRANULARITY_LABEL[s.granularity]}.csv`, asciiFilename: `stats-${span}-${s.granularity}.csv` };
}
