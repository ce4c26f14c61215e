import { handle, ok } from '@/lib/server/http/envelope';
import { requireUser } from '@/lib/server/http/auth';
import { idParam } from '@/lib/server/http/params';
import { claimCoupon } from '@/lib/server/modules/coupons';

export const dynamic = 'force-dynamic';

export const POST = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const user = await requireUser(req);
  return ok(await claimCoupon(user.id, await idParam(ctx.params)), '领取成功');
});
