import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { getCouponTemplate, updateCouponTemplate } from '@/lib/server/modules/coupons';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };

export const GET = handle(async (req, ctx: Ctx) => {
  await requireOperator(req);
  return ok(await getCouponTemplate(await idParam(ctx.params)));
});

export const PUT = handle(async (req, ctx: Ctx) => {
  const operator = await requireOperator(req);
  return ok(await updateCouponTemplate(operator.id, await idParam(ctx.params), await readJson(req)), '优惠券已保存');
});
