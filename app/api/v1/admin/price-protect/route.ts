import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { adminClaims } from '@/lib/server/views/price-protect';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => {
  await requireOperator(req);
  return ok(await adminClaims(searchParams(req)));
});
