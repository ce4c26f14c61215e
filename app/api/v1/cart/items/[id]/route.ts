import { cartOwner } from '@/lib/server/http/cart-owner';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { idParam } from '@/lib/server/http/params';
import { deleteCartItem, updateCartItem } from '@/lib/server/modules/cart';

type Ctx = { params: Promise<{ id: string }> };

export const PATCH = handle(async (req, ctx: Ctx) => ok(await updateCartItem(await cartOwner(req), await idParam(ctx.params), await readJson(req))));

export const DELETE = handle(async (req, ctx: Ctx) => ok(await deleteCartItem(await cartOwner(req), await idParam(ctx.params)), '已删除'));
