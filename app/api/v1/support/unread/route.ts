import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { unreadCount } from '@/lib/server/modules/support';

/** The shop's answers the shopper has not read: `{ total }` (我的's 客服 entry, the 消息中心). */
export const GET = handle(async (req) => {
  const user = await requireUser(req);
  return ok(await unreadCount(user.id));
});
