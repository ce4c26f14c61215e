import { handle, ok } from '@/lib/server/http/envelope';
import { tokenFromRequest } from '@/lib/server/http/auth';
import { findSessionUser } from '@/lib/server/modules/accounts';
import { couponCentre } from '@/lib/server/modules/coupons';

export const dynamic = 'force-dynamic';

/** The coupon centre; a logged-in shopper also learns which ones they already took. */
export const GET = handle(async (req) => {
  const user = await findSessionUser(tokenFromRequest(req));
  return ok(await couponCentre(user?.id ?? null));
});
