/**
 * Moving a demo-carrier parcel one step now (「模拟快递员」): an operator's right, or the parcel owner's.
 *
 * Who may move a parcel of the demo carrier (docs/tracking.md#demo-carrier): the demo walks parcels by
 * itself; taking the next step now is an operator's (any parcel) or the parcel's owner's (the shopper
 * whose order, return or exchange it follows, 「模拟快递员」 on 物流详情). Anyone else is told there is
 * no such waybill, as for a number nobody has. Demo mode only: in live mode the parcel is the carrier's.
 */
import 'server-only';
import { OPERATOR_ROLE } from '../../domain/account-rules';
import { TRACKING_STATE_LABEL, trackingState, type TrackingState } from '../../domain/tracking';
import { advanceParcel } from '../carrier-sandbox/parcels';
import { notFound } from '../errors';
import type { SessionUser } from '../modules/accounts';
import { waybillOwners } from '../views/waybill-owners';
import { shopMode } from '../../site';
import { orderTracking } from '../views/order-tracking';

type Moved = { state: TrackingState; stateLabel: string; step: number };

const NO_WAYBILL = '没有这个运单';

/** The next step of the parcel of `trackingNo` now, for its owner or an operator; null when it is not theirs or not at the carrier. */
export async function moveParcel(user: Pick<SessionUser, 'id' | 'role'>, trackingNo: string): Promise<Moved | null> {
  if (user.role !== OPERATOR_ROLE && !(await waybillOwners(trackingNo)).includes(user.id)) return null;
  const moved = await advanceParcel(trackingNo);
  if (!moved) return null;
  const state = trackingState(moved.state);
  return { state, stateLabel: TRACKING_STATE_LABEL[state], step: moved.step };
}

/** 「模拟快递员」 on 物流详情: the next step of the shopper's own order's parcel (404 in live mode, or with none). */
export async function moveOrderParcel(user: Pick<SessionUser, 'id' | 'role'>, orderNo: string): Promise<Moved> {
  if (shopMode() !== 'demo') throw notFound(NO_WAYBILL);
  const t = await orderTracking(user.id, orderNo);
  const moved = t.trackingNo ? await moveParcel(user, t.trackingNo) : null;
  if (!moved) throw notFound(NO_WAYBILL);
  return moved;
}
