/**
 * A transaction-scoped lock on one shopper for one kind of write (uploads, reviews, 收藏, 足迹, coupon codes): a
 * per-shopper limit counted after it cannot be slipped past by a burst of requests, on one instance
 * or many, since the lock lives in PostgreSQL. Released when the transaction ends.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import type { Tx } from './client';

export type ShopperLock = 'upload' | 'review' | 'favorite' | 'browse_history' | 'coupon_code';

export async function lockShopper(tx: Tx, what: ShopperLock, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${what}), ${userId})`);
}
