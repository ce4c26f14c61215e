import { handle, ok } from '@/lib/server/http/envelope';
import { cartOwner } from '@/lib/server/http/cart-owner';
import { getCart } from '@/lib/server/modules/cart';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => ok(await getCart(await cartOwner(req))));
