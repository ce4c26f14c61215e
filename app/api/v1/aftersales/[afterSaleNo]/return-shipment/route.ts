import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { sendReturnShipment } from '@/lib/server/modules/after-sales';

export const POST = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) =>
  ok(await sendReturnShipment((await requireUser(req)).id, (await ctx.params).afterSaleNo, await readJson(req)), '退货物流已提交'),
);
