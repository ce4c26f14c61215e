import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { hideReview } from '@/lib/server/modules/reviews';
import { getAdminReview } from '@/lib/server/views/console-reviews';

export const POST = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const operator = await requireOperator(req);
  const id = await idParam(ctx.params);
  await hideReview(operator.id, id, await readJson(req));
  return ok(await getAdminReview(id), '已隐藏评价');
});
