/**
 * The edge of the shop (Next 16's proxy, formerly middleware): device variants, the mail host,
 * /ProductDetail?id= → /proc/{id}, and the 404 page for every path that does not exist (plain 404
 * for crawlers) — see lib/known-paths.ts for why the proxy and not the pages. Pages themselves
 * stay device-neutral (responsive CSS) so they can be cached whole.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { detectDevice, isBot } from './lib/device';
import { variantFor } from './lib/device-routes';
import { classifyPath } from './lib/known-paths';
import { productIdExists } from './lib/server/product-ids';
import { parseProductIdParam } from './lib/validation/catalog';

function mailHosts(): string[] {
  return (process.env.MAIL_HOSTS || '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

async function exists(path: string): Promise<boolean> {
  const kind = classifyPath(path);
  if (kind === 'known') return true;
  if (kind === 'unknown') return false;
  try {
    return await productIdExists(kind.productId);
  } catch {
    return true; // the page itself answers 404 then
  }
}

export async function proxy(req: NextRequest) {
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
  if (!(await exists(pathname))) {
    // Crawlers get the status without the error page; people get the 404 page.
    if (bot) return new NextResponse('404 - 页面未找到', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    return NextResponse.rewrite(new URL('/404', req.url), { status: 404 });
  }
  if (bot) return NextResponse.next();

  const target = variantFor(pathname, detectDevice(ua));
  if (target) {
    const url = req.nextUrl.clone();
    url.pathname = target;
    const res = NextResponse.redirect(url, 302);
    res.headers.set('Vary', 'User-Agent');
    return res;
  }
  return NextResponse.next();
}

export const config = {
  // Pages only: not the API, Next's assets, or files in public/.
  matcher: ['/((?!api/|_next/|images/|builds/|favicon|robots\\.txt|sitemap\\.xml).*)'],
};
