import { cartOwner } from '@/lib/server/http/cart-owner';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { selectAllCartItems } from '@/lib/server/modules/cart';

export const PATCH = handle(async (req) => ok(await selectAllCartItems(await cartOwner(req), await readJson(req))));
