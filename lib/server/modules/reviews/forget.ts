/**
 * 注销账号 (docs/privacy.md#deregistration): the shopper's 评价 go with their photos (review_photos
 * cascade); the caller revalidates the product pages they were on (docs/reviews.md#cache).
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { reviews } from '../../db/schema';

/** Deletes the shopper's reviews; answers the products they were on. */
export async function forgetUser(tx: Tx, userId: number): Promise<number[]> {
  const erased = await tx.delete(reviews).where(eq(reviews.userId, userId)).returning({ productId: reviews.productId });
  return erased.map((r) => r.productId);
}
