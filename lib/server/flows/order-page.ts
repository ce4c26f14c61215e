/**
 * 订单详情 for the shopper or the console: the order's clock applied first, then the view of the order.
 *
 * 订单详情 as the shopper (or the console, `withHidden`) asks for it: the order's clock applied first
 * (an unpaid order past its deadline is cancelled, a shipped one due is completed), then its view.
 */
import 'server-only';
import { getDb } from '../db/client';
import { findOwnOrder } from '../modules/order';
import { orderDetail, type Order } from '../views/orders-detail';
import { settleLifecycle } from './order-sweep';

/**
 * One order of this user (another user's order, or one they deleted, is 404). `withHidden` is the
 * console's read: a deleted order is kept for the books.
 */
export async function getOrder(userId: number, orderNo: string, withHidden = false): Promise<Order> {
  const db = await getDb();
  let o = await findOwnOrder(db, userId, orderNo, withHidden);
  if (await settleLifecycle(db, o)) o = await findOwnOrder(db, userId, orderNo, withHidden);
  return orderDetail(db, o);
}
