/**
 * Every function of lib/domain/stats.ts is total (docs/stats.md#limits): for any string, a day or a
 * range answers or is refused (a RangeError) within 10 ms. A range that ran for ever (a year past 9999
 * written '+010000-…' sorting before '9999-…') once took a whole cluster down.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  averageFen,
  bucketDays,
  bucketStart,
  changePercent,
  daysInRange,
  isCalendarDay,
  previousRange,
  STATS_GRANULARITIES,
  STATS_MAX_DAYS,
  statsPresets,
  statsRangeProblem,
} from '@/lib/domain/stats';
import { statsQuerySchema } from '@/lib/validation/stats';

const pad = (n: number, w: number) => String(n).padStart(w, '0');
/** Day-shaped strings of years 0–99999, with months 0–13 and days 0–32 (many are no real day), and any string now and then. */
const dayish = fc.oneof(
  fc.tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 })).map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
  fc.tuple(fc.integer({ min: 1990, max: 2110 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 })).map(([y, m, d]) => `${y}-${pad(m, 2)}-${pad(d, 2)}`),
  fc.constantFrom('9999-12-31', '0000-01-01', '+010000-01-01', '2024-02-29', '2025-02-29', '', ' 2025-03-01', '2025-3-1'),
  fc.string({ maxLength: 20 }),
);
const granularity = fc.constantFrom(...STATS_GRANULARITIES);

function timed<T>(f: () => T): { out: T | undefined; ms: number } {
  const t0 = performance.now();
  let out: T | undefined;
  try {
    out = f();
  } catch (err) {
    expect(err).toBeInstanceOf(RangeError);
  }
  return { out, ms: performance.now() - t0 };
}

/**
 * Runs `f`, which may answer or throw a RangeError but nothing else, within 10 ms. A call over 10 ms is
 * timed once more: on a shared machine a garbage collection or another process can stall one call, but
 * not two in a row, while a loop sized by its input is slow every time.
 */
function answersOrRefuses<T>(f: () => T): T | undefined {
  const first = timed(f);
  if (first.ms >= 10) expect(timed(f).ms).toBeLessThan(10);
  return first.out;
}

const FAST = { numRuns: 2000 };

describe('数据 rules are total', () => {
  it('a day is a real four-digit calendar day, or refused; every answer is one too', () => {
    fc.assert(
      fc.property(dayish, fc.integer({ min: -100_000, max: 100_000 }), granularity, (day, n, g) => {
        const real = isCalendarDay(day);
        const next = answersOrRefuses(() => addDays(day, n));
        if (next !== undefined) expect(isCalendarDay(next)).toBe(true);
        if (!real) expect(next).toBeUndefined();
        const start = answersOrRefuses(() => bucketStart(day, g));
        if (start !== undefined) expect(isCalendarDay(start) && start <= day).toBe(true);
        const presets = answersOrRefuses(() => statsPresets(day));
        presets?.forEach((p) => expect(isCalendarDay(p.from) && isCalendarDay(p.to) && p.from <= p.to).toBe(true));
      }),
      FAST,
    );
  });

  it('a range, reversed or huge, is counted, bucketed and compared at once or refused', () => {
    fc.assert(
      fc.property(dayish, dayish, granularity, (from, to, g) => {
        const n = answersOrRefuses(() => daysInRange(from, to));
        const points = answersOrRefuses(() => bucketDays(from, to, g));
        if (points !== undefined) {
          expect(points.length).toBeLessThanOrEqual(STATS_MAX_DAYS);
          expect(points.every((p) => isCalendarDay(p) && p >= from && p <= to)).toBe(true);
        }
        if (n !== undefined && n > STATS_MAX_DAYS) expect(points).toBeUndefined();
        const before = answersOrRefuses(() => previousRange(from, to));
        if (before) expect(isCalendarDay(before.from) && isCalendarDay(before.to)).toBe(true);
        const problem = answersOrRefuses(() => statsRangeProblem(from, to));
        // A range the console accepts is one every function above answers.
        if (problem === null) {
          expect(points).toBeDefined();
          expect(before).toBeDefined();
        }
        const parsed = answersOrRefuses(() => statsQuerySchema.safeParse({ from, to, granularity: g }));
        if (parsed && !parsed.success) expect(parsed.error.issues[0].message).toMatch(/[\u4e00-\u9fff]/);
      }),
      FAST,
    );
  });

  it('the change and the average are numbers for any numbers', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (a, b) => {
        answersOrRefuses(() => changePercent(a, b));
        expect(Number.isFinite(answersOrRefuses(() => averageFen(a, Math.abs(b))))).toBe(true);
      }),
      FAST,
    );
  });

  it('refuses the range that once ran for ever, with a Chinese reason', () => {
    expect(statsRangeProblem('9999-12-31', '9999-12-31')).toMatch(/日期只能在/);
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => bucketDays('9999-12-31', '9999-12-31', 'day')).toThrow(RangeError);
    const r = statsQuerySchema.safeParse({ from: '9999-12-31', to: '9999-12-31' });
    expect(r.success).toBe(false);
  });
});
