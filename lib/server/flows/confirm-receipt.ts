/**
 * The shopper's 确认收货: a shipped order becomes completed.
 *
 * 确认收货: the shopper's shipped order → completed (docs/states.md#order-transitions).
 */
import 'server-only';
import { getDb } from '../db/client';
import { conflict } from '../errors';
import { findOwnOrder, moveOrder } from '../modules/order';
import type { Order } from '../views/orders-detail';
import { getOrder } from './order-page';

export async function confirmReceipt(userId: number, orderNo: string): Promise<Order> {
  const db = await getDb();
  const o = await findOwnOrder(db, userId, orderNo);
  if (!(await moveOrder(db, o.id, 'shipped', 'completed'))) throw conflict('当前订单状态不能确认收货');
  return getOrder(userId, orderNo);
}
