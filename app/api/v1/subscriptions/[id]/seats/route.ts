import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { idParam } from '@/lib/server/http/params';
import { addSubscriptionSeats } from '@/lib/server/flows/add-seats';

export const dynamic = 'force-dynamic';

export const POST = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const user = await requireUser(req);
  return ok(await addSubscriptionSeats(user.id, await idParam(ctx.params), await readJson(req)), '加席位订单已提交，请付款');
});
