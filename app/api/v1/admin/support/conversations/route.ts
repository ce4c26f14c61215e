import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { parseQueueView } from '@/lib/server/modules/support';
import { listQueue } from '@/lib/server/views/support-console';

/** 客服's queue: `?view=waiting|mine|closed`. */
export const GET = handle(async (req) => {
  const operator = await requireOperator(req);
  return ok({ items: await listQueue(parseQueueView(searchParams(req).view), operator.id) });
});
