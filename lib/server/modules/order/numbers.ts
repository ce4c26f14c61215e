/**
 * Orders' numbers and ids, for another module that names an order (a used coupon's 订单号) or keeps
 * one the shopper named (the order a 在线客服 conversation is about). One query for a list.
 */
import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';

export async function orderNumbers(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: orders.id, orderNo: orders.orderNo }).from(orders).where(inArray(orders.id, ids));
  return new Map(rows.map((r) => [r.id, r.orderNo]));
}

/** The id of the shopper's order of this number, or null (another shopper's too). */
export async function shopperOrderId(db: DbOrTx, userId: number, orderNo: string): Promise<number | null> {
  const [o] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)));
  return o?.id ?? null;
}
