import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson, searchParams } from '@/lib/server/http/envelope';
import { removeFavorites } from '@/lib/server/modules/shopper-lists';
import { listFavorites } from '@/lib/server/views/favorites';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => ok(await listFavorites((await requireUser(req)).id, searchParams(req))));

/** 批量删除: {productIds: [...]}. */
export const DELETE = handle(async (req) => {
  const user = await requireUser(req);
  return ok(await removeFavorites(user.id, await readJson(req)), '已删除');
});
