import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { requireUser } from '@/lib/server/http/auth';
import { redeemCode } from '@/lib/server/modules/coupons';

export const dynamic = 'force-dynamic';

export const POST = handle(async (req) => {
  const user = await requireUser(req);
  return ok(await redeemCode(user.id, await readJson(req)), '兑换成功');
});
