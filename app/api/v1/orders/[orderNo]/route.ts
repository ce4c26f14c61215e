import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { getOrder } from '@/lib/server/services/order';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req, ctx: { params: Promise<{ orderNo: string }> }) =>
  ok(await getOrder((await requireUser(req)).id, (await ctx.params).orderNo)),
);
