/**
 * The console's 数据 (docs/stats.md): its limits, the Beijing days of a range, how days group into
 * weeks and months, the quick ranges, and the change against the period before. Pure and
 * browser-safe: the page, the API and the tests use the same rules.
 */
import { DAY_MS, shopDay } from './shop-time';

/** The longest range one request may ask for, in days (both ends counted). */
export const STATS_MAX_DAYS = 366;
/** How many products 热销商品 lists. */
export const STATS_TOP_PRODUCTS = 10;

export const STATS_GRANULARITY_LABEL = { day: '日', week: '周', month: '月' } as const;
export type StatsGranularity = keyof typeof STATS_GRANULARITY_LABEL;
export const STATS_GRANULARITIES = Object.keys(STATS_GRANULARITY_LABEL) as [StatsGranularity, ...StatsGranularity[]];

const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 2025-03-01 + 1 → 2025-03-02 (calendar days; any sign). */
export function addDays(day: string, n: number): string {
  return fromUtc(utc(day) + n * DAY_MS);
}

/** How many days from `from` to `to`, both counted: 2025-03-01 … 2025-03-07 → 7. */
export function daysInRange(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS) + 1;
}

/** The first day of the week (Monday) or month that holds `day`; a day is its own start. */
export function bucketStart(day: string, granularity: StatsGranularity): string {
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  if (granularity === 'week') return addDays(day, -((new Date(utc(day)).getUTCDay() + 6) % 7));
  return day;
}

/**
 * The points of a series from `from` to `to`: each day, or each week (Monday) or month that the
 * range touches, the first one clipped to `from` (a week or month the range enters midway is
 * named by the range's first day: only its days in the range are counted).
 */
export function bucketDays(from: string, to: string, granularity: StatsGranularity): string[] {
  const out: string[] = [];
  let start = bucketStart(from, granularity);
  while (start <= to) {
    out.push(start < from ? from : start);
    if (granularity === 'month') {
      const d = new Date(utc(start));
      start = fromUtc(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
    } else start = addDays(start, granularity === 'week' ? 7 : 1);
  }
  return out;
}

/** The period of the same length just before from … to. */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const n = daysInRange(from, to);
  return { from: addDays(from, -n), to: addDays(from, -1) };
}

/** The quick ranges of the page, as Beijing days ending today. */
export function statsPresets(today: string = shopDay()): { key: string; label: string; from: string; to: string }[] {
  return [
    { key: 'today', label: '今天', from: today, to: today },
    { key: 'yesterday', label: '昨天', from: addDays(today, -1), to: addDays(today, -1) },
    { key: '7d', label: '近7天', from: addDays(today, -6), to: today },
    { key: '30d', label: '近30天', from: addDays(today, -29), to: today },
    { key: 'month', label: '本月', from: `${today.slice(0, 7)}-01`, to: today },
  ];
}

/** The change from the period before as a percentage with one decimal (12.5 = ↑12.5%); null when there was nothing before to compare with. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** The average order value in fen: paid ÷ paid orders, rounded half up to the fen; 0 with no paid order. */
export function averageFen(paidFen: number, ordersPaid: number): number {
  return ordersPaid ? Math.round(paidFen / ordersPaid) : 0;
}
