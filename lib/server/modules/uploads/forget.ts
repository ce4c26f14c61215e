/**
 * 注销账号 (docs/privacy.md#deregistration): the shopper's upload tries and photos go. Photos no request
 * took, and those of finished after-sales too (the request keeps its decision); a review's photos went
 * with the review before this runs.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { uploads, uploadTries } from '../../db/schema';

export async function forgetUser(tx: Tx, userId: number): Promise<void> {
  await tx.delete(uploadTries).where(eq(uploadTries.userId, userId));
  await tx.delete(uploads).where(eq(uploads.userId, userId));
}
