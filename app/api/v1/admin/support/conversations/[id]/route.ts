import { handle, ok } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { getConversationForOperator } from '@/lib/server/modules/support';

/** One conversation: its lines, the card, the shopper's recent orders; the shopper's lines become 已读. */
export const GET = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const operator = await requireOperator(req);
  return ok(await getConversationForOperator(await idParam(ctx.params), operator.id));
});
