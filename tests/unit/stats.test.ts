/** The 数据 page's pure rules (lib/domain/stats.ts, docs/stats.md#figures): ranges, buckets, the period before, changes, averages. */
import { describe, expect, it } from 'vitest';
import { addDays, averageFen, bucketDays, bucketStart, changePercent, daysInRange, previousRange, statsPresets } from '@/lib/domain/stats';

describe('数据 ranges', () => {
  it('counts days with both ends, across month and leap-year ends', () => {
    expect(daysInRange('2025-03-01', '2025-03-01')).toBe(1);
    expect(daysInRange('2024-01-01', '2024-12-31')).toBe(366);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
  });

  it('the period before has the same length and ends the day before', () => {
    expect(previousRange('2025-03-01', '2025-03-31')).toEqual({ from: '2025-01-29', to: '2025-02-28' });
    expect(previousRange('2025-03-05', '2025-03-05')).toEqual({ from: '2025-03-04', to: '2025-03-04' });
  });

  it('weeks start on Monday, months on the 1st; the first point is clipped to the range', () => {
    expect(bucketStart('2025-03-02', 'week')).toBe('2025-02-24'); // a Sunday
    expect(bucketStart('2025-03-03', 'week')).toBe('2025-03-03'); // a Monday
    expect(bucketStart('2025-03-19', 'month')).toBe('2025-03-01');
    expect(bucketDays('2025-03-02', '2025-03-17', 'week')).toEqual(['2025-03-02', '2025-03-03', '2025-03-10', '2025-03-17']);
    expect(bucketDays('2024-12-15', '2025-02-01', 'month')).toEqual(['2024-12-15', '2025-01-01', '2025-02-01']);
    expect(bucketDays('2025-03-30', '2025-04-02', 'day')).toEqual(['2025-03-30', '2025-03-31', '2025-04-01', '2025-04-02']);
  });

  it('a reversed range has no points, even inside one week or month', () => {
    expect(bucketDays('2029-02-02', '2029-02-01', 'month')).toEqual([]);
    expect(bucketDays('2025-03-05', '2025-03-04', 'week')).toEqual([]);
    expect(bucketDays('2025-03-05', '2025-03-04', 'day')).toEqual([]);
  });

  it('the quick ranges end today (Beijing)', () => {
    const p = Object.fromEntries(statsPresets('2025-03-10').map((x) => [x.label, [x.from, x.to]]));
    expect(p).toEqual({
      今天: ['2025-03-10', '2025-03-10'],
      昨天: ['2025-03-09', '2025-03-09'],
      近7天: ['2025-03-04', '2025-03-10'],
      近30天: ['2025-02-09', '2025-03-10'],
      本月: ['2025-03-01', '2025-03-10'],
    });
  });

  it('changes against the period before with one decimal, none against nothing; averages rounded to the fen', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(1, 3)).toBe(-66.7);
    expect(changePercent(-50, -100)).toBe(50);
    expect(changePercent(10, 0)).toBeNull();
    expect(averageFen(1_000, 3)).toBe(333);
    expect(averageFen(1_001, 2)).toBe(501);
    expect(averageFen(0, 0)).toBe(0);
  });
});
