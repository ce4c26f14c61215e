/** A page's query as Next hands it to the page (`searchParams`), and the ways the pages read it. */
export type PageQuery = Record<string, string | string[] | undefined>;

/** The first value of a query parameter. */
export function queryValue(q: PageQuery, name: string): string | undefined {
  const v = q[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Every parameter as one string (the first of repeated keys), for a zod schema to read. */
export function flatQuery(q: PageQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(q)) {
    const v = queryValue(q, name);
    if (typeof v === 'string') out[name] = v;
  }
  return out;
}

/** path + the query as it came (for ?redirect= back to this very page). */
export function selfHref(path: string, q: PageQuery): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) qs.append(k, one);
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}
