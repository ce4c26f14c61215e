/**
 * Deletes security records once their use is over (docs/privacy.md#retention): SMS code rows (phone,
 * IP, hashed code) and ended sessions (with their User-Agent) after SECURITY_RECORD_DAYS, delivered outbox
 * events after OUTBOX_KEEP_DAYS, idempotency keys and their stored answers after IDEMPOTENCY_KEEP_HOURS
 * (docs/decisions/retries.md), 消息中心 messages after MESSAGE_KEEP_DAYS (docs/messages.md#retention). Run by the
 * sweep at most once an hour; the day-long SMS limits only ever look back one day.
 */
import 'server-only';
import { lt, or } from 'drizzle-orm';
import { IDEMPOTENCY_KEEP_HOURS, OUTBOX_KEEP_DAYS, SECURITY_RECORD_DAYS } from '../../../constants';
import { DAY_MS, HOUR_MS } from '../../../domain/shop-time';
import { getDb } from '../../db/client';
import { idempotencyKeys, outboxEvents, sessions, smsCodes } from '../../db/schema';
import { deleteOldMessages } from '../messages';

let lastRun = 0;

export async function sweepSecurityRecords(now = Date.now()): Promise<void> {
  if (now - lastRun < HOUR_MS) return;
  lastRun = now;
  const before = new Date(now - SECURITY_RECORD_DAYS * DAY_MS);
  const db = await getDb();
  await db.delete(smsCodes).where(lt(smsCodes.createdAt, before));
  await db.delete(sessions).where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)));
  await db.delete(outboxEvents).where(lt(outboxEvents.deliveredAt, new Date(now - OUTBOX_KEEP_DAYS * DAY_MS)));
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_KEEP_HOURS * HOUR_MS)));
  await deleteOldMessages(now);
}
