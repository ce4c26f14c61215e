import { handle, ok } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { getConsoleSubscription } from '@/lib/server/views/console-subscription';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  await requireOperator(req);
  return ok(await getConsoleSubscription(await idParam(ctx.params)));
});
