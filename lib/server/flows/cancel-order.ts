/**
 * The shopper's 取消订单: an unpaid order is cancelled; a paid device order not yet shipped is refunded through after-sales.
 *
 * 取消订单 by the shopper (docs/states.md#order-transitions): an unpaid order is cancelled (stock and
 * coupon back, cancel-unpaid.ts); a paid device order not yet shipped goes through after-sales as the
 * 仅退款 of all of it.
 */
import 'server-only';
import { mayMoveOrder } from '../../domain/order-status';
import { cancelOrderSchema } from '../../validation/order';
import { getDb, withTx } from '../db/client';
import { conflict } from '../errors';
import { refundUnshippedOrder } from '../modules/after-sales';
import { findOwnOrder } from '../modules/order';
import type { Order } from '../views/orders-detail';
import { cancelOrderRow } from './cancel-unpaid';
import { getOrder } from './order-page';

/** How a shopper's reason is kept in orders.cancel_reason: told apart from the console's and the clock's. */
const shopperCancelReason = (reason: string) => `用户取消（${reason}）`;

export async function cancelOrder(userId: number, orderNo: string, input: unknown): Promise<Order> {
  const db = await getDb();
  const o = await findOwnOrder(db, userId, orderNo);
  const { reason } = cancelOrderSchema.parse(input);
  if (o.status === 'paid' && o.kind === 'device') return cancelPaidOrder(userId, o.orderNo, reason);
  if (!mayMoveOrder(o.status, 'cancelled', 'shopper')) throw conflict('当前订单状态不能取消');
  const won = await withTx((tx) => cancelOrderRow(tx, o.id, shopperCancelReason(reason)));
  if (!won) {
    const now = await findOwnOrder(db, userId, orderNo);
    if (now.status !== 'cancelled') throw conflict('订单状态已变化，请刷新后重试');
  }
  return getOrder(userId, orderNo);
}

/**
 * 取消订单 of a paid order not yet shipped: 仅退款 of every line, approved at once (stock back, codes
 * revoked, money back). The codes of an order with goods and codes are a request of their own, in the
 * same transaction (refundUnshippedOrder): one request of both was refused as mixing stages.
 */
async function cancelPaidOrder(userId: number, orderNo: string, reason: string): Promise<Order> {
  await refundUnshippedOrder(userId, orderNo, shopperCancelReason(reason));
  return getOrder(userId, orderNo);
}
