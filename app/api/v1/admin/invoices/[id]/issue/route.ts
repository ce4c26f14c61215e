import { handle, ok } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { issueInvoice } from '@/lib/server/flows/invoice-console';

export const dynamic = 'force-dynamic';

export const POST = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const operator = await requireOperator(req);
  return ok(await issueInvoice(await idParam(ctx.params), operator.id), '发票已开具');
});
