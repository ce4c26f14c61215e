import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson, searchParams } from '@/lib/server/http/envelope';
import { idParam } from '@/lib/server/http/params';
import { listShopperMessages, sendShopperMessage } from '@/lib/server/modules/support';

type Ctx = { params: Promise<{ id: string }> };

/** The lines after `?after=` (or the newest page, or before `?before=`), oldest first; another shopper's conversation is 404. */
export const GET = handle(async (req, ctx: Ctx) => {
  const user = await requireUser(req);
  const q = searchParams(req);
  return ok(await listShopperMessages(user.id, await idParam(ctx.params), { after: q.after, before: q.before }));
});

/** `{ text }` or `{ imageIds }` (the shopper's own uploads). */
/** Rerunnable: the line keeps its request's key, which a run again finds (docs/decisions/retries.md#routes). */
export const POST = handle(
  async (req, ctx: Ctx) => {
    const user = await requireUser(req);
    return ok(await sendShopperMessage(user.id, await idParam(ctx.params), await readJson(req)), '已发送');
  },
  { rerunnable: true },
);
