/** What the account screens take from their page. Which path is which device's screen: lib/screens.ts. */
import type { Device } from '@/lib/device';

export type ScreenProps = { path: string };
export type DeviceScreenProps = { path: string; device: Device };

/** A page's query as Next hands it to the page. */
export type PageQuery = Record<string, string | string[] | undefined>;

/** The first value of a query parameter. */
export function queryValue(q: PageQuery, name: string): string | undefined {
  const v = q[name];
  return Array.isArray(v) ? v[0] : v;
}

/** path + the query as it came (for ?redirect= back to this very page). */
export function selfHref(path: string, q: PageQuery): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) qs.append(k, one);
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}
