/**
 * The edge of the shop (Next 16's proxy, formerly middleware): device variants, the mail host,
 * /ProductDetail?id= → /proc/{id}, and plain 404s for crawlers on unknown paths. Pages themselves
 * stay device-neutral (responsive CSS) so they can be cached whole.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { detectDevice, isBot } from './lib/device';
import { variantFor } from './lib/device-routes';
import { PARAM_ROUTES, ROUTES } from './lib/seo/routes';

const OTHER_PREFIXES = ['/admin', '/sandbox'];

function mailHosts(): string[] {
  return (process.env.MAIL_HOSTS || '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

function isKnownPath(path: string): boolean {
  return (
    path in ROUTES ||
    PARAM_ROUTES.some((re) => re.test(path)) ||
    OTHER_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))
  );
}

export function proxy(req: NextRequest) {
  const { pathname, searchParams } = req.nextUrl;
  const ua = req.headers.get('user-agent');
  const host = (req.headers.get('host') || '').split(':')[0].toLowerCase();

  if (pathname === '/' && mailHosts().includes(host)) {
    return NextResponse.redirect(new URL('/quantumMail', req.url), 307);
  }

  if (pathname === '/ProductDetail') {
    const id = searchParams.get('id');
    if (id && /^\d{1,10}$/.test(id)) return NextResponse.redirect(new URL(`/proc/${id}`, req.url), 308);
  }

  const bot = isBot(ua);
  if (bot) {
    if (!isKnownPath(pathname)) {
      return new NextResponse('404 - 页面未找到', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    }
    return NextResponse.next();
  }

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
