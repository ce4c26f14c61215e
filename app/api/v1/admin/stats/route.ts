import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { getStats } from '@/lib/server/views/stats';

export const dynamic = 'force-dynamic';

/** 数据: the figures of a range of Beijing days (docs/stats.md#api). */
export const GET = handle(async (req) => {
  await requireOperator(req);
  return ok(await getStats(searchParams(req)));
});
