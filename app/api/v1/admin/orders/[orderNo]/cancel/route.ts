import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { cancelOrderByOperator } from '@/lib/server/flows/order-admin';

export const dynamic = 'force-dynamic';

export const POST = handle(async (req, ctx: { params: Promise<{ orderNo: string }> }) => {
  const operator = await requireOperator(req);
  return ok(await cancelOrderByOperator(operator.id, (await ctx.params).orderNo, await readJson(req)), '订单已取消');
});
