import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { hideReview } from '@/lib/server/modules/reviews';

export const POST = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const operator = await requireOperator(req);
  return ok(await hideReview(operator.id, await idParam(ctx.params), await readJson(req)), '已隐藏评价');
});
