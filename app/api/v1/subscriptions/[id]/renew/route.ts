import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { idParam } from '@/lib/server/http/params';
import { renewSubscription } from '@/lib/server/flows/renew-subscription';

export const dynamic = 'force-dynamic';

export const POST = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const user = await requireUser(req);
  return ok(await renewSubscription(user.id, await idParam(ctx.params), await readJson(req)), '续费订单已提交，请付款');
});
