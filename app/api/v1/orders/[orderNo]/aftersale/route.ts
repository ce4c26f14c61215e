import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { afterSaleOptions } from '@/lib/server/modules/after-sales';

export const dynamic = 'force-dynamic';

/** What of the order may be asked for in after-sales now: lines, units left, types and reasons open. */
export const GET = handle(async (req, ctx: { params: Promise<{ orderNo: string }> }) => ok(await afterSaleOptions((await requireUser(req)).id, (await ctx.params).orderNo)));
