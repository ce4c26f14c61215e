/**
 * The demo carrier's "next step now": POST {"trackingNo": "…"} pushes the parcel's next step to the shop
 * at once and answers its state (docs/tracking.md#demo-carrier). Demo mode only, and only for an
 * operator or the parcel's owner (logged in: the auth-token cookie or the `token` header): no login is
 * 401, another shopper's parcel 404, as an unknown number.
 */
import { findSessionUser } from '@/lib/server/modules/accounts';
import { moveParcel } from '@/lib/server/flows/demo-carrier';
import { tokenFromRequest } from '@/lib/server/http/auth';
import { readCappedBody } from '@/lib/server/http/envelope';
import { sandboxEnabled, sandboxOff, tooLarge } from '@/lib/server/payment-sandbox/guard';

export const dynamic = 'force-dynamic';

export async function POST(req: Request): Promise<Response> {
  if (!sandboxEnabled()) return sandboxOff();
  const user = await findSessionUser(tokenFromRequest(req));
  if (!user) return Response.json({ message: '请先登录：只有运营人员或包裹的收件人可以模拟快递员' }, { status: 401 });
  const text = await readCappedBody(req, 1024);
  if (text === null) return tooLarge();
  let trackingNo: unknown;
  try {
    trackingNo = (JSON.parse(text) as { trackingNo?: unknown })?.trackingNo;
  } catch {
    trackingNo = undefined;
  }
  if (typeof trackingNo !== 'string' || !/^[A-Za-z0-9]{1,40}$/.test(trackingNo)) {
    return Response.json({ message: '请提供运单号 trackingNo' }, { status: 400 });
  }
  const moved = await moveParcel(user, trackingNo);
  if (!moved) return Response.json({ message: '没有这个运单' }, { status: 404 });
  return Response.json(moved);
}
