import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { rejectAfterSale } from '@/lib/server/modules/after-sales';
import { getAdminAfterSale } from '@/lib/server/views/console-after-sales';

export const POST = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) => {
  const operator = await requireOperator(req);
  const { afterSaleNo } = await ctx.params;
  await rejectAfterSale(operator.id, afterSaleNo, await readJson(req));
  return ok(await getAdminAfterSale(afterSaleNo), '已拒绝');
});
