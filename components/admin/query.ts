/** Next's searchParams as plain strings (the first of repeated keys). */
export type RawQuery = Record<string, string | string[] | undefined>;

export function flatQuery(q: RawQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) {
    const s = Array.isArray(v) ? v[0] : v;
    if (typeof s === 'string') out[k] = s;
  }
  return out;
}
