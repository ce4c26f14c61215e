import { handle, ok } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { getAdminAfterSale } from '@/lib/server/views/console-after-sales';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) => {
  await requireOperator(req);
  return ok(await getAdminAfterSale((await ctx.params).afterSaleNo));
});
