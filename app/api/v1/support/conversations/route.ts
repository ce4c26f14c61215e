import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson, searchParams } from '@/lib/server/http/envelope';
import { earlierSessions } from '@/lib/server/flows/support-screens';
import { startConversation } from '@/lib/server/modules/support';

/** 查看更多历史消息: the shopper's own sessions before `?before=` (a conversation id), a page at a time, each with its card and lines. */
export const GET = handle(async (req) => {
  const user = await requireUser(req);
  return ok(await earlierSessions(user.id, searchParams(req).before));
});

/** 联系客服: `{ text, productId? | orderNo? | afterSaleNo? | invoiceId? }` → `{ id }`, the shopper's one open conversation (docs/support.md#api). */
// Rerunnable: the line keeps its request's key, which a run again finds (docs/decisions/retries.md#routes).
export const POST = handle(
  async (req) => {
    const user = await requireUser(req);
    return ok(await startConversation(user.id, await readJson(req)), '已发送');
  },
  { rerunnable: true },
);
