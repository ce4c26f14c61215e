import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { listSubscriptions } from '@/lib/server/views/subscriptions';

export const dynamic = 'force-dynamic';

/** 我的服务: the shopper's own subscriptions, newest first, paged (docs/subscriptions.md). */
export const GET = handle(async (req) => ok(await listSubscriptions((await requireUser(req)).id, searchParams(req))));
