import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { rejectInvoice } from '@/lib/server/flows/invoice-console';

export const dynamic = 'force-dynamic';

export const POST = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const operator = await requireOperator(req);
  const id = await idParam(ctx.params);
  return ok(await rejectInvoice(id, await readJson(req), operator.id), '发票已驳回');
});
