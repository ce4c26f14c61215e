import { handle, ok } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { getAdminReview } from '@/lib/server/views/console-reviews';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  await requireOperator(req);
  return ok(await getAdminReview(await idParam(ctx.params)));
});
