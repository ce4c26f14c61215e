import { limitAddress } from '@/lib/server/http/address-limit';
import { CART_COOKIE } from '@/lib/web/sessions';
import { clearCartCookie } from '@/lib/server/http/cart-owner';
import { readCookie } from '@/lib/server/http/cookies';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { login } from '@/lib/server/modules/accounts';
import { mergeAnonCart } from '@/lib/server/modules/cart';

// The address's allowance first: a password try costs an argon2 hash (docs/rules.md#address-limits).
// Not keyed: the answer is a new session's token, which is never stored; a repeated login makes one more session.
export const POST = handle(async (req) => {
  await limitAddress(req, 'login');
  const result = await login(await readJson(req), req.headers.get('user-agent'));
  const anonCart = readCookie(req, CART_COOKIE);
  const res = ok(result, '登录成功');
  if (anonCart) {
    await mergeAnonCart(anonCart, result.user.id);
    res.headers.append('set-cookie', clearCartCookie(req));
  }
  return res;
}, { keyed: false });
