import { DEFAULT_PAGE_SIZE } from './page-sizes';

/** Builds "path?a=1&b=2" from the defined, non-empty values. */
export function withQuery(path: string, params: Record<string, string | number | undefined | null>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

/** Page `page` of a paged list at `path` with these filters: page 1 and the default page size stay out of the URL. */
export function pageHref(path: string, params: Record<string, string | number | undefined | null>, page: number, pageSize: number): string {
  return withQuery(path, { ...params, page: page > 1 ? page : undefined, pageSize: pageSize !== DEFAULT_PAGE_SIZE ? pageSize : undefined });
}
