import { CART_COOKIE } from '@/lib/constants';
import { cookieHeader, readCookie } from '@/lib/server/http/cookies';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { addToAnonCart } from '@/lib/server/services/cart';

const CART_MAX_AGE_S = 30 * 86_400;

export const POST = handle(async (req) => {
  const before = readCookie(req, CART_COOKIE);
  const { token, cart } = await addToAnonCart(before, await readJson(req));
  const res = ok(cart, '已加入购物车');
  if (token !== before) res.headers.append('set-cookie', cookieHeader(req, CART_COOKIE, token, { maxAgeS: CART_MAX_AGE_S }));
  return res;
});
