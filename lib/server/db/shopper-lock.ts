/**
 * A transaction-scoped lock on one shopper for one kind of write (uploads, reviews, 收藏, 足迹, coupon codes): a
 * per-shopper limit counted after it cannot be slipped past by a burst of requests, on one instance
 * or many, since the lock lives in PostgreSQL. Released when the transaction ends.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import { HOUR_MS } from '../../shop-time';
import { tooMany } from '../errors';
import type { Tx } from './client';

export type ShopperLock = 'upload' | 'review' | 'favorite' | 'browse_history' | 'coupon_code';

export async function lockShopper(tx: Tx, what: ShopperLock, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${what}), ${userId})`);
}

/**
 * A per-shopper hourly limit (uploads, reviews, coupon code tries): takes the shopper's lock for
 * `what`, counts what they did since an hour ago, and refuses with 429 `message` once that is `limit`.
 */
export async function holdHourlyLimit(
  tx: Tx,
  what: ShopperLock,
  userId: number,
  { limit, message, countSince }: { limit: number; message: string; countSince: (since: Date) => Promise<number> },
): Promise<void> {
  await lockShopper(tx, what, userId);
  if ((await countSince(new Date(Date.now() - HOUR_MS))) >= limit) throw tooMany(message);
}
