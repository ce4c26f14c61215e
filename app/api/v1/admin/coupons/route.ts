import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { createCouponTemplate, listCouponTemplates } from '@/lib/server/modules/coupons';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => {
  await requireOperator(req);
  return ok(await listCouponTemplates());
});

export const POST = handle(async (req) => {
  const operator = await requireOperator(req);
  return ok(await createCouponTemplate(operator.id, await readJson(req)), '优惠券已创建');
});
