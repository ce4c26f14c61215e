import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { confirmReceipt } from '@/lib/server/flows/confirm-receipt';

export const POST = handle(async (req, ctx: { params: Promise<{ orderNo: string }> }) =>
  ok(await confirmReceipt((await requireUser(req)).id, (await ctx.params).orderNo), '已确认收货'),
);
