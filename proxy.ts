/**
 * The edge of the shop (Next 16's proxy, formerly middleware): device variants, the mail host,
 * /ProductDetail?id= → /proc/{id}, and the 404 page for every path that does not exist (plain 404
 * for crawlers) — see lib/web/known-paths.ts for why the proxy and not the pages. Pages themselves
 * stay device-neutral (responsive CSS) so they can be cached whole.
 * It also gives every page rendered per request its Content-Security-Policy with a fresh nonce
 * (cached pages carry a hash policy stored with them: docs/decisions/security-headers.md).
 */
import { NextResponse, type NextRequest } from 'next/server';
import { isAdminArea, isAdminPage } from './lib/web/admin-paths';
import { API_CSP, CSP_HEADER, makeNonce, noncePolicy } from './lib/web/security-headers.mjs';
import { isCachedPage } from './lib/server/cache/cached-routes';
import { AUTH_COOKIE } from './lib/web/sessions';
import { detectDevice, isBot } from './lib/web/device';
import { classifyPath } from './lib/web/known-paths';
import { variantFor } from './lib/domain/screens';
import { admitSearch, admitSuggestion, cachedFoundPath, cachedListCategory, cachedListPath, foundParams } from './lib/web/catalog-list-path';
import { normalizeSearch } from './lib/domain/search-words';
import { categorySlugExists, productIdExists } from './lib/server/modules/catalog';
import { isOperatorToken } from './lib/server/modules/accounts';
import { parseProductIdParam } from './lib/validation/catalog';
import { settings } from './lib/server/settings/settings';
import { shopMode } from './lib/site';

function mailHosts(): string[] {
  return (settings().MAIL_HOSTS || '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

const isSandboxPath = (path: string) => path === '/sandbox' || path.startsWith('/sandbox/');

async function exists(path: string): Promise<boolean> {
  const listCategory = cachedListCategory(path);
  if (listCategory !== undefined) return listCategory === null || (await categorySlugExists(listCategory).catch(() => false));
  const found = foundParams(path);
  if (found) {
    // Asked for directly, the cached route of a search counts against the same bound as /ProductList?q=.
    const q = found.get('q');
    const category = found.get('category');
    return (q === null || admitSearch(q)) && (category === null || (await categorySlugExists(category).catch(() => false)));
  }
  const kind = classifyPath(path);
  if (kind === 'known') return true;
  if (kind === 'unknown') return false;
  try {
    return await productIdExists(kind.productId);
  } catch {
    return true; // the page itself answers 404 then
  }
}

/** Crawlers get the status without the error page; people get the 404 page. */
function notFoundResponse(req: NextRequest, bot: boolean): NextResponse {
  if (bot) return new NextResponse('404 - 页面未找到', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return NextResponse.rewrite(new URL('/404', req.url), { status: 404 });
}

/** The operator console exists only for operators: everyone else, and unknown /admin paths, get the 404 page. */
async function adminResponse(req: NextRequest, bot: boolean, pass: () => NextResponse): Promise<NextResponse> {
  const operator = isAdminPage(req.nextUrl.pathname) && (await isOperatorToken(req.cookies.get(AUTH_COOKIE)?.value).catch(() => false));
  if (!operator) return notFoundResponse(req, bot);
  const res = pass();
  res.headers.set('X-Robots-Tag', 'noindex, nofollow');
  return res;
}

/**
 * The script policy of the answer. Every page render gets a fresh nonce in the request's CSP header:
 * Next reads it there and puts it on the scripts it writes. A page rendered for this request also
 * gets that policy in the response. A cached page (and the 404 page, which is static) does not: its
 * entry in Next's cache carries the hashes of the scripts Next wrote into it (those with the render's
 * nonce: lib/server/cache/cache-handler.mjs), and its nonce is never a valid source. Redirects and
 * plain-text answers get the no-content policy.
 */
export async function proxy(req: NextRequest): Promise<NextResponse> {
  if (req.nextUrl.pathname === SUGGEST_PATH || req.nextUrl.pathname.startsWith(`${SUGGEST_PATH}/`)) return suggestions(req);
  const policy = noncePolicy(makeNonce());
  const headers = new Headers(req.headers);
  headers.set(CSP_HEADER, policy);
  const res = await route(req, (to) => (to ? NextResponse.rewrite(to, { request: { headers } }) : NextResponse.next({ request: { headers } })));
  if (res.headers.has('location') || res.headers.get('content-type')?.startsWith('text/plain')) res.headers.set(CSP_HEADER, API_CSP);
  else if (!res.headers.has('x-middleware-rewrite') && !isCachedPage(req.nextUrl.pathname)) res.headers.set(CSP_HEADER, policy);
  return res;
}

const SUGGEST_PATH = '/api/v1/search/suggest';

/**
 * The search box's suggestions (docs/decisions/search.md#suggestions): an admitted prefix is answered by
 * its cached route (app/api/v1/search/suggest/[q], one cached answer per prefix), any other by the route
 * that answers per request; the cached route asked for directly counts against the same bound, so random
 * prefixes never fill the caches.
 */
function suggestions(req: NextRequest): NextResponse {
  const { pathname, searchParams } = req.nextUrl;
  const direct = pathname !== SUGGEST_PATH;
  let typed = searchParams.get('q') ?? '';
  if (direct) {
    try {
      typed = decodeURIComponent(pathname.slice(SUGGEST_PATH.length + 1));
    } catch {
      typed = '';
    }
  }
  const q = normalizeSearch(typed).toLowerCase();
  const url = req.nextUrl.clone();
  if (q && admitSuggestion(q)) {
    url.pathname = `${SUGGEST_PATH}/${encodeURIComponent(q)}`;
    url.search = '';
    return url.pathname === pathname ? NextResponse.next() : NextResponse.rewrite(url);
  }
  if (!direct) return NextResponse.next();
  url.pathname = SUGGEST_PATH;
  url.search = `?q=${encodeURIComponent(typed)}`;
  return NextResponse.rewrite(url);
}

/**
 * /ProductList from a cached route (lib/web/catalog-list-path.ts), when its category exists: without a
 * search, the route of its category and page; with a search or a sort, the route of those, while the
 * search is within the bound of cached searches. Anything else renders per request.
 */
async function cachedList(req: NextRequest): Promise<URL | null> {
  if (req.nextUrl.pathname !== '/ProductList') return null;
  const params = req.nextUrl.searchParams;
  const found = cachedFoundPath(params);
  const list = cachedListPath(params) ?? (found && (found.q === null || admitSearch(found.q)) ? found : null);
  if (!list) return null;
  if (list.category !== null && !(await categorySlugExists(list.category).catch(() => false))) return null;
  return new URL(list.path, req.url);
}

/** What the shop does with the request; `pass` lets it through to the page (or, given a URL, to that route instead). */
async function route(req: NextRequest, pass: (to?: URL) => NextResponse): Promise<NextResponse> {
  const { pathname, searchParams } = req.nextUrl;
  const ua = req.headers.get('user-agent');
  const host = (req.headers.get('host') || '').split(':')[0].toLowerCase();

  if (pathname === '/' && mailHosts().includes(host)) {
    return NextResponse.redirect(new URL('/quantumMail', req.url), 307);
  }

  if (pathname === '/ProductDetail') {
    const id = parseProductIdParam(searchParams.get('id') ?? '');
    if (id !== null) return NextResponse.redirect(new URL(`/proc/${id}`, req.url), 308);
  }

  const bot = isBot(ua);
  // The demo gateways (pay screens, their APIs, the demo carrier) exist in demo mode only; their routes
  // check it too (lib/server/payment-sandbox/guard.ts), this covers every page and unknown path under it.
  if (isSandboxPath(pathname) && shopMode() !== 'demo') return notFoundResponse(req, bot);
  if (isAdminArea(pathname)) return adminResponse(req, bot, pass);
  if (!(await exists(pathname))) return notFoundResponse(req, bot);
  const list = await cachedList(req);
  if (bot) return pass(list ?? undefined);

  const target = variantFor(pathname, detectDevice(ua));
  if (target) {
    const url = req.nextUrl.clone();
    url.pathname = target;
    const res = NextResponse.redirect(url, 302);
    res.headers.set('Vary', 'User-Agent');
    return res;
  }
  return pass(list ?? undefined);
}

export const config = {
  // Pages only: not the API, Next's assets, or files in public/.
  matcher: ['/((?!api/|_next/|images/|builds/|favicon|robots\\.txt|sitemap\\.xml).*)', '/api/v1/search/suggest', '/api/v1/search/suggest/:q*'],
};
