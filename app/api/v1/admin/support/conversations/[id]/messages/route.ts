import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { answerConversation } from '@/lib/server/modules/support';

/** The operator's answer `{ text }`: takes a waiting conversation, audited with the operator's name. */
export const POST = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const operator = await requireOperator(req);
  return ok(await answerConversation(await idParam(ctx.params), operator.id, await readJson(req)), '已回复');
});
