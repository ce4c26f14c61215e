import { handle, ok } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { showReview } from '@/lib/server/modules/reviews';
import { getAdminReview } from '@/lib/server/views/console-reviews';

export const POST = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const operator = await requireOperator(req);
  const id = await idParam(ctx.params);
  await showReview(operator.id, id);
  return ok(await getAdminReview(id), '评价已恢复显示');
});
