/**
 * 足迹 grouped by the Beijing day of each view (docs/rules.md#favorites-and-history): 今天, 昨天, then
 * 11月23日 (with the year when it is not this year's). Pure: the screen and the unit test use it.
 */
import { DAY_MS, shopDay } from './shop-time';

export function dayLabel(day: string, now: Date): string {
  if (day === shopDay(now)) return '今天';
  if (day === shopDay(new Date(now.getTime() - DAY_MS))) return '昨天';
  const [y, m, d] = day.split('-').map(Number);
  const md = `${m}月${d}日`;
  return String(y) === shopDay(now).slice(0, 4) ? md : `${y}年${md}`;
}

/** Views (newest first) in groups of one Beijing day each, in the same order. */
export function groupByDay<T extends { viewedAt: string }>(items: T[], now: Date): { day: string; label: string; items: T[] }[] {
  const groups: { day: string; label: string; items: T[] }[] = [];
  for (const item of items) {
    const day = shopDay(new Date(item.viewedAt));
    const last = groups.at(-1);
    if (last?.day === day) last.items.push(item);
    else groups.push({ day, label: dayLabel(day, now), items: [item] });
  }
  return groups;
}
