/**
 * 我的订单: the shopper's overdue unpaid orders cancelled first (the clock), then the page of the list.
 *
 * 我的订单: the shopper's overdue unpaid orders cancelled first (the clock), then the page of the list.
 */
import 'server-only';
import { orderListSchema } from '../../validation/order';
import { getDb } from '../db/client';
import type { Page } from '../db/paged';
import { orderList, type OrderSummary } from '../views/orders-list';
import { sweepUser } from './order-sweep';

export async function listOrders(userId: number, query: unknown): Promise<Page<OrderSummary>> {
  const q = orderListSchema.parse(query);
  const db = await getDb();
  await sweepUser(db, userId);
  return orderList(db, userId, q);
}
