/**
 * A transaction-scoped lock on one shopper for one kind of write (uploads, reviews, 收藏, 足迹, coupon codes): a
 * per-shopper limit counted after it cannot be slipped past by a burst of requests, on one instance
 * or many, since the lock lives in PostgreSQL. Released when the transaction ends.
 */
import 'server-only';
import { and, eq, lte, sql } from 'drizzle-orm';
import { HOUR_MS } from '../../domain/shop-time';
import { tooMany } from '../errors';
import type { Tx } from './client';
import type { couponCodeTries, uploadTries } from './schema';

export type ShopperLock = 'upload' | 'review' | 'favorite' | 'browse_history' | 'coupon_code' | 'support';

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

/**
 * Takes one of a shopper's hourly tries in a table of tries (coupon codes, uploads): under the
 * shopper's lock, deletes their rows older than the hour (all that is ever needed), refuses with 429
 * `message` at `limit`, then writes this try's row and answers its id.
 */
export async function takeHourlyTry(
  tx: Tx,
  what: ShopperLock,
  tries: typeof couponCodeTries | typeof uploadTries,
  userId: number,
  { limit, message, now = new Date() }: { limit: number; message: string; now?: Date },
): Promise<number> {
  await holdHourlyLimit(tx, what, userId, {
    limit,
    message,
    countSince: async (since) => {
      await tx.delete(tries).where(and(eq(tries.userId, userId), lte(tries.triedAt, since)));
      return (await tx.select({ n: sql<number>`count(*)::int` }).from(tries).where(eq(tries.userId, userId)))[0].n;
    },
  });
  const [row] = await tx.insert(tries).values({ userId, triedAt: now }).returning({ id: tries.id });
  return row.id;
}
