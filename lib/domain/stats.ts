/**
 * The console's 数据 (docs/stats.md): its limits, the Beijing days of a range, how days group into
 * weeks and months, the quick ranges, and the change against the period before. Pure and
 * browser-safe: the page, the API and the tests use the same rules.
 */
import { DAY_MS, shopDay } from './shop-time';

/** The longest range one request may ask for, in days (both ends counted). */
export const STATS_MAX_DAYS = 366;
/**
 * The days the console offers (its date inputs' min and max): a range outside them is refused. Four-digit
 * years both, so that every day of the window, and the period of the same length before it, sorts and
 * counts as text (a year past 9999 is written '+010000-…', which sorts before '9999-…').
 */
export const STATS_EARLIEST_DAY = '2000-01-01';
export const STATS_LATEST_DAY = '2099-12-31';
/** How many products 热销商品 lists. */
export const STATS_TOP_PRODUCTS = 10;

export const STATS_GRANULARITY_LABEL = { day: '日', week: '周', month: '月' } as const;
export type StatsGranularity = keyof typeof STATS_GRANULARITY_LABEL;
export const STATS_GRANULARITIES = Object.keys(STATS_GRANULARITY_LABEL) as [StatsGranularity, ...StatsGranularity[]];

const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written 2025-03-01 (four-digit year, a month's real day). */
export function isCalendarDay(day: unknown): day is string {
  if (typeof day !== 'string' || !DAY_SHAPE.test(day)) return false;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}

/**
 * Every function below takes only real calendar days and answers only with them: anything else is a
 * RangeError at once, never a wrong day that a loop would run past (docs/stats.md#limits).
 */
function utc(day: string): number {
  if (!isCalendarDay(day)) throw new RangeError(`不是有效的日期：${String(day).slice(0, 40)}`);
  return Date.parse(`${day}T00:00:00Z`);
}
function fromUtc(ms: number): string {
  const d = new Date(ms);
  const day = Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10);
  if (!isCalendarDay(day)) throw new RangeError('日期超出范围');
  return day;
}

/** 2025-03-01 + 1 → 2025-03-02 (calendar days; any sign; a day outside years 0000–9999 is a RangeError). */
export function addDays(day: string, n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError('天数必须是整数');
  return fromUtc(utc(day) + n * DAY_MS);
}

/** How many days from `from` to `to`, both counted: 2025-03-01 … 2025-03-07 → 7 (0 or less when reversed). */
export function daysInRange(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS) + 1;
}

/** Why a range cannot be shown (a Chinese sentence), or null when it can: both real days in the console's window, from ≤ to, at most STATS_MAX_DAYS. */
export function statsRangeProblem(from: string, to: string): string | null {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return '日期不是有效的日期';
  if (from < STATS_EARLIEST_DAY || to > STATS_LATEST_DAY || from > STATS_LATEST_DAY || to < STATS_EARLIEST_DAY) return `日期只能在 ${STATS_EARLIEST_DAY} 至 ${STATS_LATEST_DAY} 之间`;
  if (from > to) return '开始日期不能晚于结束日期';
  if (daysInRange(from, to) > STATS_MAX_DAYS) return `统计范围最长 ${STATS_MAX_DAYS} 天，请缩短日期范围`;
  return null;
}

/** The first day of the week (Monday) or month that holds `day`; a day is its own start. */
export function bucketStart(day: string, granularity: StatsGranularity): string {
  utc(day);
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  if (granularity === 'week') return addDays(day, -((new Date(utc(day)).getUTCDay() + 6) % 7));
  return day;
}

/**
 * The points of a series from `from` to `to`: each day, or each week (Monday) or month that the
 * range touches, the first one clipped to `from` (a week or month the range enters midway is
 * named by the range's first day: only its days in the range are counted); none when from > to.
 * A range longer than STATS_MAX_DAYS is a RangeError: the loop below runs at most that many times.
 */
export function bucketDays(from: string, to: string, granularity: StatsGranularity): string[] {
  if (daysInRange(from, to) > STATS_MAX_DAYS) throw new RangeError(`统计范围最长 ${STATS_MAX_DAYS} 天，请缩短日期范围`);
  // Checked here, not left to the loop: a reversed range inside one week or month starts at that bucket's
  // first day, which is not after `to`, and would name `from` as a point past the range's end.
  if (from > to) return [];
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
