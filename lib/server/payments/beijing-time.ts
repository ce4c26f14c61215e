/** The providers speak Beijing time (UTC+8, lib/domain/shop-time.ts): WeChat in RFC 3339, Alipay as "yyyy-MM-dd HH:mm:ss". */
import { shopDateTime } from '../../domain/shop-time';

/** 2026-11-23T18:30:00+08:00 */
export const rfc3339Beijing = (d: Date) => `${shopDateTime(d).replace(' ', 'T')}+08:00`;

/** 2026-11-23 18:30:00 */
export const alipayTime = (d: Date) => shopDateTime(d);

/** Reads "yyyy-MM-dd HH:mm:ss" (Beijing time) back into a Date; null when it is not one. */
export function parseAlipayTime(s: string | undefined): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(s ?? '');
  return m ? new Date(`${m[1]}T${m[2]}+08:00`) : null;
}
