import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { getSubscription } from '@/lib/server/views/subscriptions';

type Ctx = { params: Promise<{ id: string }> };

export const dynamic = 'force-dynamic';

/** One subscription of the shopper with its history; another shopper's is 「服务不存在」 (404). */
export const GET = handle(async (req, ctx: Ctx) => ok(await getSubscription((await requireUser(req)).id, (await ctx.params).id)));
