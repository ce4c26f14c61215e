import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { listQueue, parseQueueView } from '@/lib/server/modules/support';

/** 客服's queue: `?view=waiting|mine|closed`. */
export const GET = handle(async (req) => {
  const operator = await requireOperator(req);
  return ok({ items: await listQueue(parseQueueView(searchParams(req).view), operator.id) });
});
