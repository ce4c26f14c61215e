import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { cancelOrder } from '@/lib/server/flows/cancel-order';

export const POST = handle(async (req, ctx: { params: Promise<{ orderNo: string }> }) =>
  ok(await cancelOrder((await requireUser(req)).id, (await ctx.params).orderNo, await readJson(req)), '订单已取消'),
);
