import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { idParam } from '@/lib/server/http/params';
import { deleteMessage } from '@/lib/server/modules/messages';

type Ctx = { params: Promise<{ id: string }> };

export const dynamic = 'force-dynamic';

/** 删除 one of the shopper's own messages; another shopper's is 404 (docs/messages.md#api). */
export const DELETE = handle(async (req, ctx: Ctx) => {
  const user = await requireUser(req);
  return ok(await deleteMessage(user.id, await idParam(ctx.params)), '已删除');
});
