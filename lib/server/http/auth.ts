/** Who is calling: the `token` header (the API client) or the auth-token cookie (pages, forms). */
import { AUTH_COOKIE } from '../../constants';
import { requireSessionUser, type SessionUser } from '../services/auth';
import { readCookie } from './cookies';

export function tokenFromRequest(req: Request): string | null {
  return req.headers.get('token') || readCookie(req, AUTH_COOKIE) || null;
}

export function requireUser(req: Request): Promise<SessionUser> {
  return requireSessionUser(tokenFromRequest(req));
}

/**
 * The caller's address for rate limits: X-Real-IP when a proxy in front sets it, else the LAST
 * X-Forwarded-For hop (the one added by the server or proxy nearest to us; earlier hops are the
 * client's own word and can be forged).
 */
export function clientIp(req: Request): string | null {
  const real = req.headers.get('x-real-ip')?.trim();
  const hops = req.headers.get('x-forwarded-for')?.split(',').map((h) => h.trim()).filter(Boolean);
  const ip = real || hops?.at(-1);
  return ip ? ip.slice(0, 64) : null;
}
