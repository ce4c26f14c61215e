import { handle, ok, searchParams } from '@/lib/server/http/envelope';
import { requireUser } from '@/lib/server/http/auth';
import { myCoupons } from '@/lib/server/views/my-coupons';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => {
  const user = await requireUser(req);
  return ok(await myCoupons(user.id, searchParams(req)));
});
