import { handle, ok } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { removeSynonym } from '@/lib/server/modules/search';

export const DELETE = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const operator = await requireOperator(req);
  await removeSynonym(operator.id, await idParam(ctx.params));
  return ok(null, '同义词已删除');
});
