import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { sendReturnShipment } from '@/lib/server/modules/after-sales';
import { getAfterSale } from '@/lib/server/views/after-sale';

export const POST = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) => {
  const user = await requireUser(req);
  const { afterSaleNo } = await ctx.params;
  await sendReturnShipment(user.id, afterSaleNo, await readJson(req));
  return ok(await getAfterSale(user.id, afterSaleNo), '退货物流已提交');
});
