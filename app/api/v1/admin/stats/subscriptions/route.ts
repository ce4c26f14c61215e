import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { getSubscriptionStats } from '@/lib/server/views/subscription-stats';

export const dynamic = 'force-dynamic';

/** 数据's 订阅 section: renewals due, ARR, 自动续费's share, the renewal rate by month of from…to (docs/subscriptions.md#figures). */
export const GET = handle(async (req) => {
  await requireOperator(req);
  return ok(await getSubscriptionStats(searchParams(req)));
});
