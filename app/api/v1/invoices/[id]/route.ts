import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { getInvoice } from '@/lib/server/views/invoices';

type Ctx = { params: Promise<{ id: string }> };

export const dynamic = 'force-dynamic';

export const GET = handle(async (req, ctx: Ctx) => ok(await getInvoice((await requireUser(req)).id, (await ctx.params).id)));
