import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { decideAfterSaleReturnShipping } from '@/lib/server/modules/after-sales';
import { getAdminAfterSale } from '@/lib/server/views/console-after-sales';

/** 运费补偿: the amount approved of the return shipping the shopper stated (0 refuses, with a reason). */
export const POST = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) => {
  const operator = await requireOperator(req);
  const { afterSaleNo } = await ctx.params;
  await decideAfterSaleReturnShipping(operator.id, afterSaleNo, await readJson(req));
  return ok(await getAdminAfterSale(afterSaleNo), '运费补偿已处理');
});
