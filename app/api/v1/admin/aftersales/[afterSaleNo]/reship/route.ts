import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { reshipAfterSale } from '@/lib/server/modules/after-sales';
import { getAdminAfterSale } from '@/lib/server/views/console-after-sales';

export const POST = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) => {
  const operator = await requireOperator(req);
  const { afterSaleNo } = await ctx.params;
  await reshipAfterSale(operator.id, afterSaleNo, await readJson(req));
  return ok(await getAdminAfterSale(afterSaleNo), '换新商品已发出');
});
