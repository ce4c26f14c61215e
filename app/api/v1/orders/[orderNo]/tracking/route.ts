import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { orderTracking } from '@/lib/server/views/order-tracking';

export const dynamic = 'force-dynamic';

/** 物流详情 of the caller's order: carrier, waybill, state and events newest first (docs/api.md#order-tracking). */
export const GET = handle(async (req, ctx: { params: Promise<{ orderNo: string }> }) =>
  ok(await orderTracking((await requireUser(req)).id, (await ctx.params).orderNo)),
);
