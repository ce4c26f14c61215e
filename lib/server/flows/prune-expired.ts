/**
 * Deleting what is kept no longer, hourly from the sweep: each owner deletes its own old rows.
 *
 * Deleting what is kept no longer (docs/privacy.md#retention), each owner deleting its own rows: SMS
 * code rows and ended sessions after SECURITY_RECORD_DAYS (accounts), delivered outbox events after
 * OUTBOX_KEEP_DAYS (the outbox), idempotency keys and their stored answers after IDEMPOTENCY_KEEP_HOURS
 * (the HTTP layer, docs/decisions/retries.md), 消息中心 messages after MESSAGE_KEEP_DAYS (messages,
 * docs/messages.md#retention), the apps' used nonces once no timestamp of theirs is accepted (subscription). Run by the sweep at most once an hour; the day-long SMS limits only ever
 * look back one day.
 */
import 'server-only';
import { IDEMPOTENCY_KEEP_HOURS, OUTBOX_KEEP_DAYS, SECURITY_RECORD_DAYS } from '../../domain/retention';
import { DAY_MS, HOUR_MS } from '../../domain/shop-time';
import { getDb } from '../db/client';
import { APP_SIGNATURE_WINDOW_MS } from '../http/app-signature';
import { pruneIdempotencyKeys } from '../http/idempotency-prune';
import { pruneDeliveredEvents } from '../outbox/prune';
import { pruneSecurityRecords } from '../modules/accounts';
import { deleteOldMessages } from '../modules/messages';
import { pruneEntitlementNonces } from '../modules/subscription';

let lastRun = 0;

export async function pruneExpired(now = Date.now()): Promise<void> {
  if (now - lastRun < HOUR_MS) return;
  lastRun = now;
  const db = await getDb();
  await pruneSecurityRecords(db, new Date(now - SECURITY_RECORD_DAYS * DAY_MS));
  await pruneDeliveredEvents(db, new Date(now - OUTBOX_KEEP_DAYS * DAY_MS));
  await pruneIdempotencyKeys(db, new Date(now - IDEMPOTENCY_KEEP_HOURS * HOUR_MS));
  await deleteOldMessages(now);
  // Twice the timestamp window: a request signed before that is refused for its timestamp before its nonce is looked at.
  await pruneEntitlementNonces(db, new Date(now - 2 * APP_SIGNATURE_WINDOW_MS));
}
