import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { getAfterSale } from '@/lib/server/views/after-sale';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) => ok(await getAfterSale((await requireUser(req)).id, (await ctx.params).afterSaleNo)));
