import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { getPriceProtectStats } from '@/lib/server/views/price-protect-stats';

export const dynamic = 'force-dynamic';

/** 数据's 价保: claims and amounts per point of a range of Beijing days (docs/stats.md#价保). */
export const GET = handle(async (req) => {
  await requireOperator(req);
  return ok(await getPriceProtectStats(searchParams(req)));
});
