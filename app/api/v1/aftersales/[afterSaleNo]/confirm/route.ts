import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { confirmExchange } from '@/lib/server/modules/after-sales';
import { getAfterSale } from '@/lib/server/views/after-sale';

export const POST = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) => {
  const user = await requireUser(req);
  const { afterSaleNo } = await ctx.params;
  await confirmExchange(user.id, afterSaleNo);
  return ok(await getAfterSale(user.id, afterSaleNo), '已确认收货');
});
