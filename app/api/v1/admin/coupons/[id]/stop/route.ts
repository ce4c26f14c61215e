import { handle, ok } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { stopCouponTemplate } from '@/lib/server/modules/coupons';

export const dynamic = 'force-dynamic';

export const POST = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const operator = await requireOperator(req);
  return ok(await stopCouponTemplate(operator.id, await idParam(ctx.params)), '已停发，已发放的券仍可使用');
});
