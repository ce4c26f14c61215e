import { handle, ok } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { getAdminOrder } from '@/lib/server/flows/order-admin';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req, ctx: { params: Promise<{ orderNo: string }> }) => {
  await requireOperator(req);
  return ok(await getAdminOrder((await ctx.params).orderNo));
});
