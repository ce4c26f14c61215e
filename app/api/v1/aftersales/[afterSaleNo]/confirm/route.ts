import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { confirmExchange } from '@/lib/server/modules/after-sales';

export const POST = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) =>
  ok(await confirmExchange((await requireUser(req)).id, (await ctx.params).afterSaleNo), '已确认收货'),
);
