import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { startAutoRenew, stopAutoRenew } from '@/lib/server/flows/auto-renew';

type Ctx = { params: Promise<{ id: string }> };

export const dynamic = 'force-dynamic';

/** 开通自动续费: the provider's signing page (docs/subscriptions.md#自动续费). */
export const POST = handle(async (req, ctx: Ctx) => {
  const user = await requireUser(req);
  return ok(await startAutoRenew(user.id, (await ctx.params).id, await readJson(req)), '请在打开的页面中确认签约');
});

/** 关闭自动续费, in one step. */
export const DELETE = handle(async (req, ctx: Ctx) => {
  const user = await requireUser(req);
  return ok(await stopAutoRenew(user.id, (await ctx.params).id), '已关闭自动续费');
});
