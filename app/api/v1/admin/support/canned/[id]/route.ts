import { handle, ok } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { deleteCanned } from '@/lib/server/modules/support';

/** Deletes one of the operator's own 常用语 (another operator's is 404). */
export const DELETE = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const operator = await requireOperator(req);
  await deleteCanned(operator.id, await idParam(ctx.params));
  return ok(null, '已删除');
});
