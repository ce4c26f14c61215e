import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { markRead } from '@/lib/server/modules/messages';

export const dynamic = 'force-dynamic';

/** 已读: { ids } or { all: true, category? }; answers the unread counts left (docs/messages.md#api). */
export const POST = handle(async (req) => {
  const user = await requireUser(req);
  return ok(await markRead(user.id, await readJson(req)), '已标记为已读');
});
