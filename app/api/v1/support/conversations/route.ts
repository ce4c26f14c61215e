import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { startConversation } from '@/lib/server/modules/support';

/** 联系客服: `{ text, productId? | orderNo? }` → `{ id }`, the shopper's one open conversation (docs/support.md#api). */
export const POST = handle(async (req) => {
  const user = await requireUser(req);
  return ok(await startConversation(user.id, await readJson(req)), '已发送');
});
