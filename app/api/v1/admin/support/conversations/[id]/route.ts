import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { getConversationForOperator } from '@/lib/server/flows/support-screens';
import { parseEarlier } from '@/lib/server/modules/support';

/** One conversation: its lines, the card, the shopper's recent orders and `?earlier=` earlier sessions (3 unless told); the shopper's lines become 已读. */
export const GET = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const operator = await requireOperator(req);
  return ok(await getConversationForOperator(await idParam(ctx.params), operator.id, parseEarlier(searchParams(req).earlier)));
});
