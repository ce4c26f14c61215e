import { attachmentHeader } from '@/lib/server/http/attachment';
import { handle, readJson } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { makeCouponCodes } from '@/lib/server/modules/coupons';

export const dynamic = 'force-dynamic';

/** A batch of single-use codes as CSV, the only time they are shown (no envelope on success; errors are the usual envelope). */
export const POST = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const operator = await requireOperator(req);
  const id = await idParam(ctx.params);
  const { csv, count } = await makeCouponCodes(operator.id, id, await readJson(req));
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': attachmentHeader(`coupon-${id}-codes-${count}.csv`, `优惠券${id}-兑换码-${count}张.csv`),
      'cache-control': 'no-store',
    },
  });
});
