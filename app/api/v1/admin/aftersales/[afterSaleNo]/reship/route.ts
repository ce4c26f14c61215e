import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { reshipAfterSale } from '@/lib/server/modules/after-sales';

export const POST = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) => {
  const operator = await requireOperator(req);
  return ok(await reshipAfterSale(operator.id, (await ctx.params).afterSaleNo, await readJson(req)), '换新商品已发出');
});
