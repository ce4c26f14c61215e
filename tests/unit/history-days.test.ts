import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay } from '@/lib/domain/history-days';

// 2026-11-25 00:30 in Beijing is still 2026-11-24 in UTC: the day is Beijing's.
const now = new Date('2026-11-24T16:30:00Z');

describe('足迹 days', () => {
  it('labels 今天, 昨天, a date this year and one of another year', () => {
    expect(dayLabel('2026-11-25', now)).toBe('今天');
    expect(dayLabel('2026-11-24', now)).toBe('昨天');
    expect(dayLabel('2026-11-03', now)).toBe('11月3日');
    expect(dayLabel('2025-12-31', now)).toBe('2025年12月31日');
  });

  it('groups views (newest first) by Beijing day, keeping their order', () => {
    const items: { id: number; viewedAt: string }[] = [
      { id: 1, viewedAt: '2026-11-24T16:10:00Z' }, // 11-25 00:10 Beijing
      { id: 2, viewedAt: '2026-11-24T15:50:00Z' }, // 11-24 23:50 Beijing
      { id: 3, viewedAt: '2026-11-24T01:00:00Z' },
      { id: 4, viewedAt: '2026-11-20T08:00:00Z' },
    ];
    const groups = groupByDay(items, now);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['今天', [1]],
      ['昨天', [2, 3]],
      ['11月20日', [4]],
    ]);
    expect(groupByDay([], now)).toEqual([]);
  });
});
