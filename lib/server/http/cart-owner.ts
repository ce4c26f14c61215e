import { CART_COOKIE } from '../../web/sessions';
import { findSessionUser } from '../modules/accounts';
import type { CartOwner } from '../modules/cart';
import { cookieHeader, readCookie } from './cookies';
import { tokenFromRequest } from './auth';

const CART_MAX_AGE_S = 30 * 86_400;

/** The cart of this request: the logged-in user's, else the visitor's `cart-id` cookie. */
export async function cartOwner(req: Request): Promise<CartOwner> {
  const user = await findSessionUser(tokenFromRequest(req));
  return { userId: user?.id ?? null, anonToken: readCookie(req, CART_COOKIE) };
}

export function cartCookie(req: Request, token: string): string {
  return cookieHeader(req, CART_COOKIE, token, { maxAgeS: CART_MAX_AGE_S });
}

/** Expires the visitor's cart cookie (after its cart merged at login). */
export function clearCartCookie(req: Request): string {
  return cookieHeader(req, CART_COOKIE, '', { maxAgeS: 0 });
}
