import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { listAdminReviews } from '@/lib/server/views/console-reviews';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => {
  await requireOperator(req);
  return ok(await listAdminReviews(searchParams(req)));
});
