import { handle, ok } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { retryAfterSaleReturnShipping } from '@/lib/server/modules/after-sales';
import { getAdminAfterSale } from '@/lib/server/views/console-after-sales';

/** 重新退款 of a 运费补偿 the provider refused. */
export const POST = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) => {
  const operator = await requireOperator(req);
  const { afterSaleNo } = await ctx.params;
  await retryAfterSaleReturnShipping(operator.id, afterSaleNo);
  return ok(await getAdminAfterSale(afterSaleNo), '已重新发起运费补偿');
});
