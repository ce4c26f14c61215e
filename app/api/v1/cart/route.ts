import { CART_COOKIE } from '@/lib/constants';
import { readCookie } from '@/lib/server/http/cookies';
import { handle, ok } from '@/lib/server/http/envelope';
import { getCartByToken } from '@/lib/server/services/cart';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => ok(await getCartByToken(readCookie(req, CART_COOKIE))));
