import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { rebuyOrder } from '@/lib/server/flows/rebuy-order';

export const POST = handle(async (req, ctx: { params: Promise<{ orderNo: string }> }) => {
  const result = await rebuyOrder((await requireUser(req)).id, (await ctx.params).orderNo);
  return ok(result, result.notice);
});
