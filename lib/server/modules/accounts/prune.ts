/**
 * Retention (docs/privacy.md#retention), the account's security records: SMS code rows (phone, IP,
 * hashed code) made before `before`, and sessions (with their User-Agent) that expired or were revoked
 * before it. Run by the prune flow (lib/server/flows/prune-expired.ts) with SECURITY_RECORD_DAYS.
 */
import 'server-only';
import { lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, smsCodes } from '../../db/schema';

export async function pruneSecurityRecords(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(smsCodes).where(lt(smsCodes.createdAt, before));
  await db.delete(sessions).where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)));
}
