import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { cancelPickup } from '@/lib/server/modules/after-sales';
import { getAfterSale } from '@/lib/server/views/after-sale';

/** 取消预约 of the caller's 上门取件, before the courier collects (docs/api.md#pickup); answers the request. */
export const POST = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) => {
  const user = await requireUser(req);
  const { afterSaleNo } = await ctx.params;
  await cancelPickup(user.id, afterSaleNo);
  return ok(await getAfterSale(user.id, afterSaleNo), '已取消上门取件预约');
});
