/**
 * 上门取件 of a return: the slots and addresses offered, the booking with the shopper's chosen address, the demo's 「模拟快递员」.
 *
 * 上门取件 (docs/after-sales.md#pickup) put together: the after-sales module keeps the pickups and talks
 * to the carrier; the order module knows the address the goods went to (the default), the accounts
 * module the shopper's other addresses. The shopper's own request only (another's is 404, before any
 * other check); a slot not offered is 400 with the reason. In demo mode 「模拟快递员」 takes the
 * courier's next step (接单, 取件) and, once the parcel is collected, the parcel's (as 物流详情's does).
 */
import 'server-only';
import { PICKUP_CARRIER } from '../../domain/after-sale-rules';
import { pickSlot, pickupSlots, type PickupSlot } from '../../domain/pickup';
import { pickupBookingSchema } from '../../validation/after-sale';
import { advancePickup } from '../carrier-sandbox/pickups';
import { getDb } from '../db/client';
import type { AddressSnapshot } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { findAddress, listAddresses, type Address, type SessionUser } from '../modules/accounts';
import { bookPickup, livePickupTask, ownAfterSale } from '../modules/after-sales';
import { orderParcel } from '../modules/order';
import { shopMode } from '../../site';
import { moveParcel } from './demo-carrier';

export type PickupOptions = {
  /** 预约上门取件 is offered on the request now. */
  offered: boolean;
  carrier: string;
  slots: PickupSlot[];
  /** Where the goods went (the order's address): the courier comes here unless the shopper picks another. */
  orderAddress: AddressSnapshot | null;
  addresses: Address[];
};

async function orderAddressOf(userId: number, afterSaleNo: string) {
  const db = await getDb();
  const a = await ownAfterSale(db, userId, afterSaleNo);
  return { a, address: (await orderParcel(db, a.orderId))?.addressSnapshot ?? null };
}

/** GET /aftersales/{no}/pickup: the slots of today and tomorrow, the order's address and the shopper's others. */
export async function pickupOptions(userId: number, afterSaleNo: string): Promise<PickupOptions> {
  const { a, address } = await orderAddressOf(userId, afterSaleNo);
  return {
    offered: a.type !== 'refund_only' && a.status === 'awaiting_return',
    carrier: PICKUP_CARRIER,
    slots: pickupSlots(),
    orderAddress: address,
    addresses: await listAddresses(userId),
  };
}

/** POST /aftersales/{no}/pickup: { date, start, addressId? | address? } — the order's address unless another is given. */
export async function bookReturnPickup(userId: number, afterSaleNo: string, input: unknown): Promise<void> {
  const { address: orderAddress } = await orderAddressOf(userId, afterSaleNo);
  const v = pickupBookingSchema.parse(input);
  const slot = pickSlot(v.date, v.start);
  if (typeof slot === 'string') throw badRequest(slot);
  let address: AddressSnapshot | null = orderAddress;
  if (v.address) address = v.address;
  else if (v.addressId) {
    const { id: _id, isDefault: _d, ...picked } = await findAddress(await getDb(), userId, v.addressId);
    address = picked;
  }
  if (!address) throw badRequest('请填写取件地址');
  await bookPickup(userId, afterSaleNo, slot, address);
}

/**
 * 「模拟快递员」 on the return's page (demo mode; 404 in live mode): the courier's next step of the
 * request's live pickup, or once collected the return parcel's next step at the demo carrier.
 */
export async function advanceReturnPickup(user: Pick<SessionUser, 'id' | 'role'>, afterSaleNo: string): Promise<void> {
  if (shopMode() !== 'demo') throw notFound('没有这个运单');
  const t = await livePickupTask(user.id, afterSaleNo);
  if (t.taskId) {
    if (!(await advancePickup(t.taskId))) throw notFound('没有这个预约');
    return;
  }
  if (!t.returnTrackingNo) throw conflict('没有进行中的上门取件');
  // The parcel reaches the carrier with its subscription, just after the collection's commit.
  if (!(await moveParcel(user, t.returnTrackingNo))) throw conflict('包裹正在交给快递公司，请稍后再试');
}
