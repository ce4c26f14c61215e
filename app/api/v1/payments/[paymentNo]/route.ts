import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { getPayment } from '@/lib/server/flows/payment-status';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req, ctx: { params: Promise<{ paymentNo: string }> }) =>
  ok(await getPayment((await requireUser(req)).id, (await ctx.params).paymentNo)),
);
