import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { afterSaleTracking } from '@/lib/server/views/after-sale-tracking';

export const dynamic = 'force-dynamic';

/** The return parcel of the caller's after-sales request: carrier, waybill, state and events newest first (docs/api.md#after-sales-tracking). */
export const GET = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) =>
  ok(await afterSaleTracking((await requireUser(req)).id, (await ctx.params).afterSaleNo)),
);
