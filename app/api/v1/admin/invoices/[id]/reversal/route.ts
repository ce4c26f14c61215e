import { handle, ok } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { idParam } from '@/lib/server/http/params';
import { completeInvoiceReversal } from '@/lib/server/flows/invoice-console';

export const dynamic = 'force-dynamic';

/** 红冲完成: the red-letter invoice of a refunded order is out. */
export const POST = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const operator = await requireOperator(req);
  return ok(await completeInvoiceReversal(await idParam(ctx.params), operator.id), '已标记红冲完成');
});
