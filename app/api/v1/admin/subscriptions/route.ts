import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { listConsoleSubscriptions } from '@/lib/server/views/console-subscriptions';

export const dynamic = 'force-dynamic';

/** 订阅: `state`, `list=due` (「30 天内到期」, soonest first), `phone`, `code`, paged (docs/subscriptions.md#the-console). */
export const GET = handle(async (req) => {
  await requireOperator(req);
  return ok(await listConsoleSubscriptions(searchParams(req)));
});
