import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { advanceReturnPickup } from '@/lib/server/flows/return-pickup';
import { getAfterSale } from '@/lib/server/views/after-sale';

export const dynamic = 'force-dynamic';

/** 「模拟快递员」 (demo mode only): the courier's next step of the caller's return pickup, then the parcel's (docs/tracking.md#demo-carrier). */
export const POST = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) => {
  const user = await requireUser(req);
  const { afterSaleNo } = await ctx.params;
  await advanceReturnPickup(user, afterSaleNo);
  return ok(await getAfterSale(user.id, afterSaleNo), '快递员已走到下一步');
});
