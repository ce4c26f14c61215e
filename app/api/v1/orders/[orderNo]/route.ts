import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { getOrder } from '@/lib/server/flows/order-page';
import { hideOrder } from '@/lib/server/flows/hide-order';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req, ctx: { params: Promise<{ orderNo: string }> }) =>
  ok(await getOrder((await requireUser(req)).id, (await ctx.params).orderNo)),
);

/** 删除订单: hidden from the shopper, kept for the books (docs/api.md#delete-order). */
export const DELETE = handle(async (req, ctx: { params: Promise<{ orderNo: string }> }) => {
  await hideOrder((await requireUser(req)).id, (await ctx.params).orderNo);
  return ok(null, '订单已删除');
});
