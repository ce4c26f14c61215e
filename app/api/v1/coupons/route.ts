import { handle, ok } from '@/lib/server/http/envelope';
import { tokenFromRequest } from '@/lib/server/http/auth';
import { findSessionUser } from '@/lib/server/services/auth';
import { couponCentre } from '@/lib/server/services/coupons/shopper';

export const dynamic = 'force-dynamic';

/** The coupon centre; a logged-in shopper also learns which ones they already took. */
export const GET = handle(async (req) => {
  const user = await findSessionUser(tokenFromRequest(req));
  return ok(await couponCentre(user?.id ?? null));
});
