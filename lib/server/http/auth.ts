/** Who is calling: the `token` header (the API client) or the auth-token cookie (pages, forms). */
import { AUTH_COOKIE } from '../../web/sessions';
import { requireSessionUser, type SessionUser } from '../modules/accounts';
import { readCookie } from './cookies';

export function tokenFromRequest(req: Request): string | null {
  return req.headers.get('token') || readCookie(req, AUTH_COOKIE) || null;
}

export function requireUser(req: Request): Promise<SessionUser> {
  return requireSessionUser(tokenFromRequest(req));
}
