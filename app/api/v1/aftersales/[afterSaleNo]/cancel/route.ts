import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { cancelAfterSale } from '@/lib/server/modules/after-sales';

export const POST = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) =>
  ok(await cancelAfterSale((await requireUser(req)).id, (await ctx.params).afterSaleNo), '售后申请已撤销'),
);
