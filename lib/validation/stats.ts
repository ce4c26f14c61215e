/**
 * The console's 数据 query (docs/stats.md#api): from and to as Beijing days, the granularity. Missing
 * values take the last 30 days by day; a bad one is a 400 naming it. Both days lie in the window the
 * console's date inputs offer (STATS_EARLIEST_DAY … STATS_LATEST_DAY), so every day computed from them is
 * a real four-digit day and the series has at most STATS_MAX_DAYS points.
 */
import { z } from 'zod';
import { addDays, STATS_EARLIEST_DAY, STATS_GRANULARITIES, STATS_LATEST_DAY, statsRangeProblem } from '../domain/stats';
import { shopDay } from '../domain/shop-time';
import { blankToUndefined, calendarDay } from './fields';


export const statsQuerySchema = z
  .object({
    from: calendarDay('开始日期', STATS_EARLIEST_DAY, STATS_LATEST_DAY),
    to: calendarDay('结束日期', STATS_EARLIEST_DAY, STATS_LATEST_DAY),
    granularity: z.preprocess(blankToUndefined, z.enum(STATS_GRANULARITIES, { error: '统计粒度只能是 日（day）、周（week）或 月（month）' }).default('day')),
  })
  .transform((q, ctx) => {
    const to = q.to ?? (q.from && q.from > shopDay() ? q.from : shopDay());
    const monthBefore = addDays(to, -29);
    const from = q.from ?? (monthBefore < STATS_EARLIEST_DAY ? STATS_EARLIEST_DAY : monthBefore);
    const problem = statsRangeProblem(from, to);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem, path: [from > to ? 'from' : 'to'] });
      return z.NEVER;
    }
    return { from, to, granularity: q.granularity };
  });
