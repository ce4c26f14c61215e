/**
 * Days and times as the shop lives them: Beijing time (UTC+8, no daylight saving), for the
 * console's date filters, its "today", and the CSV export.
 */
/** An hour in milliseconds (the per-shopper hourly limits, the hourly sweeps). */
export const HOUR_MS = 3_600_000;
const OFFSET_MS = 8 * HOUR_MS;
/** A day in milliseconds (the shop's windows and timers count whole days). */
export const DAY_MS = 86_400_000;

/** The Beijing calendar day of an instant: 2025-03-01. */
export function shopDay(at: Date = new Date()): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Beijing day starts: 2025-03-01 → 2025-02-28T16:00:00Z. */
export function shopDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

/** The instant the Beijing day after `day` starts (an exclusive upper bound). */
export function shopDayEnd(day: string): Date {
  return new Date(shopDayStart(day).getTime() + DAY_MS);
}

/** 2025-03-01T08:05:09Z → "2025-03-01 16:05:09" in Beijing time; null → "". */
export function shopDateTime(at: Date | null): string {
  if (!at) return '';
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** 2025-03-01T08:05:09Z → "20250301160509" (yyyyMMddHHmmss in Beijing time), the head of payment and trade numbers. */
export function shopStamp(at: Date = new Date()): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
}
