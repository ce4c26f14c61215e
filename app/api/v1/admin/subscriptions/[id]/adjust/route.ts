import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { adjustSubscription } from '@/lib/server/flows/adjust-subscription';

export const dynamic = 'force-dynamic';

/** 延长/缩短服务期: `{ days, reason }` (docs/subscriptions.md#the-console). */
export const POST = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const operator = await requireOperator(req);
  const id = await idParam(ctx.params);
  return ok(await adjustSubscription(id, await readJson(req), operator.id), '服务期已调整');
});
