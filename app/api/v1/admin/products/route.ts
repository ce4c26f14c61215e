import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { listAdminProducts } from '@/lib/server/modules/catalog';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => {
  await requireOperator(req);
  return ok(await listAdminProducts(searchParams(req)));
});
