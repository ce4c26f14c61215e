import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { listPendingInvoices } from '@/lib/server/views/console-invoices';

export const dynamic = 'force-dynamic';

/** ?queue=issue (待开票, default) or ?queue=reversal (待红冲), paged. */
export const GET = handle(async (req) => {
  await requireOperator(req);
  return ok(await listPendingInvoices(searchParams(req)));
});
