import { handle, ok } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { approveAfterSale } from '@/lib/server/modules/after-sales';

export const POST = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) => {
  const operator = await requireOperator(req);
  return ok(await approveAfterSale(operator.id, (await ctx.params).afterSaleNo), '已同意');
});
