import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { idParam } from '@/lib/server/http/params';
import { addFavorite, isFavorite, removeFavorite } from '@/lib/server/modules/shopper-lists';

type Ctx = { params: Promise<{ id: string }> };

export const dynamic = 'force-dynamic';

/** The segment is the product's id; PUT and DELETE are idempotent. */
export const GET = handle(async (req, ctx: Ctx) => {
  const user = await requireUser(req);
  return ok(await isFavorite(user.id, await idParam(ctx.params)));
});

export const PUT = handle(async (req, ctx: Ctx) => {
  const user = await requireUser(req);
  return ok(await addFavorite(user.id, await idParam(ctx.params)), '已收藏');
});

export const DELETE = handle(async (req, ctx: Ctx) => {
  const user = await requireUser(req);
  return ok(await removeFavorite(user.id, await idParam(ctx.params)), '已取消收藏');
});
