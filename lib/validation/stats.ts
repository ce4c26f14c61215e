/**
 * The console's 数据 query (docs/stats.md#api): from and to as Beijing days, the granularity. Missing
 * values take the last 30 days by day; a bad one is a 400 naming it.
 */
import { z } from 'zod';
import { addDays, daysInRange, STATS_GRANULARITIES, STATS_MAX_DAYS } from '../domain/stats';
import { shopDay } from '../domain/shop-time';
import { blankToUndefined, calendarDay } from './fields';


export const statsQuerySchema = z
  .object({
    from: calendarDay('开始日期', '2000-01-01'),
    to: calendarDay('结束日期', '2000-01-01'),
    granularity: z.preprocess(blankToUndefined, z.enum(STATS_GRANULARITIES, { error: '统计粒度只能是 日（day）、周（week）或 月（month）' }).default('day')),
  })
  .transform((q, ctx) => {
    const to = q.to ?? (q.from && q.from > shopDay() ? q.from : shopDay());
    const from = q.from ?? addDays(to, -29);
    if (from > to) {
      ctx.addIssue({ code: 'custom', message: '开始日期不能晚于结束日期', path: ['from'] });
      return z.NEVER;
    }
    if (daysInRange(from, to) > STATS_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', message: `统计范围最长 ${STATS_MAX_DAYS} 天，请缩短日期范围`, path: ['to'] });
      return z.NEVER;
    }
    return { from, to, granularity: q.granularity };
  });
