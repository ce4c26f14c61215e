/**
 * Is this path served from Next's cache (a static or ISR page) or rendered per request? Read from
 * the build's own manifests, so a new page is classified without anyone keeping a list: the path
 * resolves to a page the way Next's router does (exact static routes first, then the dynamic ones
 * in the manifest's order), and the page is cached when the prerender manifest names it.
 * proxy.ts uses it to choose the page's script policy (docs/decisions/security-headers.md).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { settings } from '../settings/settings';

type Route = { page: string; regex: string };
type Routes = { staticRoutes: Route[]; dynamicRoutes: Route[] };
type Prerender = { routes: Record<string, unknown>; dynamicRoutes: Record<string, unknown> };
type Table = { routes: { page: string; re: RegExp }[]; cached: Set<string> };

let table: Table | null | undefined;

function load(): Table | null {
  try {
    const dir = path.join(/*turbopackIgnore: true*/ process.cwd(), settings().NEXT_DIST_DIR);
    const routes = JSON.parse(readFileSync(path.join(dir, 'routes-manifest.json'), 'utf8')) as Routes;
    const prerender = JSON.parse(readFileSync(path.join(dir, 'prerender-manifest.json'), 'utf8')) as Prerender;
    return {
      routes: [...routes.staticRoutes, ...routes.dynamicRoutes].map((r) => ({ page: r.page, re: new RegExp(r.regex) })),
      cached: new Set([...Object.keys(prerender.routes), ...Object.keys(prerender.dynamicRoutes)]),
    };
  } catch {
    return null; // no production build (next dev): every page renders per request
  }
}

/** The page (route file) a path resolves to, or null. */
function pageOf(pathname: string): string | null {
  if (table === undefined) table = load();
  return table?.routes.find((r) => r.re.test(pathname))?.page ?? null;
}

export function isCachedPage(pathname: string): boolean {
  if (table === undefined) table = load();
  const page = pageOf(pathname);
  return page !== null && table !== null && table.cached.has(page);
}
