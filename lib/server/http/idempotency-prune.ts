/**
 * Retention (docs/decisions/retries.md): idempotency keys and their stored answers are deleted
 * IDEMPOTENCY_KEEP_HOURS after the request, by the prune flow (lib/server/flows/prune-expired.ts). The
 * rows name no user, so 注销账号 leaves them to it (docs/privacy.md#retention).
 */
import 'server-only';
import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';

export async function pruneIdempotencyKeys(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}
