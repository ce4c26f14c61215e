import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { listAdminAfterSales } from '@/lib/server/views/console-after-sales';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => {
  await requireOperator(req);
  return ok(await listAdminAfterSales(searchParams(req)));
});
