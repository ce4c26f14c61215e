import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { decideAfterSaleReturnShipping } from '@/lib/server/modules/after-sales';

/** 运费补偿: the amount approved of the return shipping the shopper stated (0 refuses, with a reason). */
export const POST = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) => {
  const operator = await requireOperator(req);
  return ok(await decideAfterSaleReturnShipping(operator.id, (await ctx.params).afterSaleNo, await readJson(req)), '运费补偿已处理');
});
