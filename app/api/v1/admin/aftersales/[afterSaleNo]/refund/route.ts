import { handle, ok } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { retryAfterSaleRefund } from '@/lib/server/modules/after-sales';
import { getAdminAfterSale } from '@/lib/server/views/console-after-sales';

/** 重新退款 of a request whose refund the provider refused. */
export const POST = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) => {
  const operator = await requireOperator(req);
  const { afterSaleNo } = await ctx.params;
  await retryAfterSaleRefund(operator.id, afterSaleNo);
  return ok(await getAdminAfterSale(afterSaleNo), '已重新发起退款');
});
