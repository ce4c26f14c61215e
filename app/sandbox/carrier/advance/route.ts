/**
 * The demo carrier's "next step now": POST {"trackingNo": "…"} pushes the parcel's next step to the shop
 * at once and answers its state (docs/tracking.md#demo-carrier). Demo mode only.
 */
import { advanceParcel } from '@/lib/server/carrier-sandbox/parcels';
import { readCappedBody } from '@/lib/server/http/envelope';
import { sandboxEnabled, sandboxOff, tooLarge } from '@/lib/server/payment-sandbox/guard';
import { TRACKING_STATE_LABEL, trackingState } from '@/lib/domain/tracking';

export const dynamic = 'force-dynamic';

export async function POST(req: Request): Promise<Response> {
  if (!sandboxEnabled()) return sandboxOff();
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
  const moved = await advanceParcel(trackingNo);
  if (!moved) return Response.json({ message: '没有这个运单' }, { status: 404 });
  const state = trackingState(moved.state);
  return Response.json({ state, stateLabel: TRACKING_STATE_LABEL[state], step: moved.step });
}
