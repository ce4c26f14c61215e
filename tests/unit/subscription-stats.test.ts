/**
 * 数据's 订阅 arithmetic (lib/domain/subscription-stats.ts) with exact figures: a year's price to the fen,
 * shares, which term ends count as renewed (before the 宽限期 ran out), lapsed or still open, and the months
 * of a range in Beijing time.
 */
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@/lib/domain/shop-time';
import { GRACE_DAYS } from '@/lib/domain/subscription';
import { monthEnd, monthsOf, monthStart, renewalByMonth, shareOf, termEnds, termOutcome, yearlyFen } from '@/lib/domain/subscription-stats';

describe('money and shares', () => {
  it('a year of every seat at today\'s price, exact to the fen', () => {
    expect(yearlyFen([])).toBe(0);
    expect(yearlyFen([{ priceFen: 29_900, seats: 1 }, { priceFen: 59_900, seats: 40 }, { priceFen: 1, seats: 3 }])).toBe(29_900 + 2_396_000 + 3);
  });
  it('a share to 4 decimals, 0 of nothing', () => {
    expect(shareOf(1, 3)).toBe(0.3333);
    expect(shareOf(2, 3)).toBe(0.6667);
    expect(shareOf(0, 0)).toBe(0);
    expect(shareOf(5, 5)).toBe(1);
  });
});

describe('renewal rate', () => {
  const end = new Date('2025-03-10T04:00:00Z');
  const graceEnd = new Date(end.getTime() + GRACE_DAYS * DAY_MS);
  const after = (ms: number) => new Date(graceEnd.getTime() + ms);

  it('renewed before the 宽限期 ran out (early or within it) counts; later is lapsed; undecided is open', () => {
    expect(termOutcome({ endsAt: end, renewedAt: new Date(end.getTime() - 20 * DAY_MS) }, after(DAY_MS))).toBe('renewed');
    expect(termOutcome({ endsAt: end, renewedAt: graceEnd }, after(DAY_MS))).toBe('renewed');
    expect(termOutcome({ endsAt: end, renewedAt: after(1) }, after(DAY_MS))).toBe('lapsed');
    expect(termOutcome({ endsAt: end, renewedAt: null }, after(1))).toBe('lapsed');
    expect(termOutcome({ endsAt: end, renewedAt: null }, graceEnd)).toBe('open');
    expect(termOutcome({ endsAt: end, renewedAt: null }, new Date(end.getTime() - DAY_MS))).toBe('open');
  });

  it('one term end per subscription and end: a renewal\'s earliest time, current ends not renewed', () => {
    const t = (d: string) => new Date(d);
    const terms = termEnds(
      [
        { subscriptionId: 1, endsAt: t('2026-03-10T00:00:00Z') },
        { subscriptionId: 2, endsAt: t('2025-03-20T00:00:00Z') },
      ],
      [
        { subscriptionId: 1, endsAt: t('2025-03-10T00:00:00Z'), renewedAt: t('2025-03-05T00:00:00Z') },
        { subscriptionId: 1, endsAt: t('2025-03-10T00:00:00Z'), renewedAt: t('2025-03-01T00:00:00Z') },
      ],
    );
    expect(terms).toEqual([
      { subscriptionId: 1, endsAt: t('2025-03-10T00:00:00Z'), renewedAt: t('2025-03-01T00:00:00Z') },
      { subscriptionId: 1, endsAt: t('2026-03-10T00:00:00Z'), renewedAt: null },
      { subscriptionId: 2, endsAt: t('2025-03-20T00:00:00Z'), renewedAt: null },
    ]);
  });

  it('by the Beijing month of the end: rate = renewed ÷ decided, null while nothing is decided', () => {
    const now = new Date('2025-04-10T00:00:00Z');
    const t = (d: string) => new Date(d);
    const terms = [
      // 2025-02-28 16:30Z is 2025-03-01 00:30 in Beijing: a March end.
      { subscriptionId: 1, endsAt: t('2025-02-28T16:30:00Z'), renewedAt: t('2025-03-02T00:00:00Z') },
      { subscriptionId: 2, endsAt: t('2025-03-05T00:00:00Z'), renewedAt: null },
      { subscriptionId: 3, endsAt: t('2025-03-06T00:00:00Z'), renewedAt: t('2025-03-25T00:00:00Z') }, // 19 days after: too late
      { subscriptionId: 4, endsAt: t('2025-03-31T00:00:00Z'), renewedAt: null }, // grace runs to 04-15: open
      { subscriptionId: 5, endsAt: t('2025-02-28T15:59:59Z'), renewedAt: null }, // Beijing 02-28 23:59:59: February
      { subscriptionId: 6, endsAt: t('2025-04-20T00:00:00Z'), renewedAt: null },
      { subscriptionId: 7, endsAt: t('2025-06-01T00:00:00Z'), renewedAt: null }, // outside the months asked
    ];
    expect(renewalByMonth(terms, ['2025-02', '2025-03', '2025-04'], now)).toEqual([
      { month: '2025-02', ended: 1, renewed: 0, lapsed: 1, open: 0, rate: 0 },
      { month: '2025-03', ended: 4, renewed: 1, lapsed: 2, open: 1, rate: 0.3333 },
      { month: '2025-04', ended: 1, renewed: 0, lapsed: 0, open: 1, rate: null },
    ]);
  });

  it('the months of a range, across a year end, and their Beijing bounds', () => {
    expect(monthsOf('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsOf('2025-03-01', '2025-03-31')).toEqual(['2025-03']);
    expect(monthStart('2025-03').toISOString()).toBe('2025-02-28T16:00:00.000Z');
    expect(monthEnd('2025-12').toISOString()).toBe('2025-12-31T16:00:00.000Z');
  });
});
