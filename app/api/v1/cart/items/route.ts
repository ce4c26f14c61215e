import { limitAddress } from '@/lib/server/http/address-limit';
import { cartCookie, cartOwner } from '@/lib/server/http/cart-owner';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { addToCart } from '@/lib/server/modules/cart';

export const POST = handle(async (req) => {
  await limitAddress(req, 'cart');
  const { anonToken, cart } = await addToCart(await cartOwner(req), await readJson(req));
  const res = ok(cart, '已加入购物车');
  if (anonToken) res.headers.append('set-cookie', cartCookie(req, anonToken));
  return res;
});
