/**
 * Delivering a 消息中心 notice from the outbox: the message written once, then the SMS when its settings ask for one.
 *
 * The outbox's `notify` handler (docs/messages.md): the 消息中心 message, then the SMS its 消息设置 (or the
 * kind) asks for, sent under the event's Idempotency-Key `outbox-<id>` to the phone of the account as it
 * is at delivery (the outbox names the user, never the phone). The messages module writes the message and
 * says whether the SMS goes; the phone is the accounts module's. Safe to run twice (messages' writeNotice).
 */
import 'server-only';
import { getDb } from '../db/client';
import type { Notice } from '../outbox/emit';
import { smsProvider } from '../sms/provider';
import { activePhone } from '../modules/accounts';
import { writeNotice } from '../modules/messages';

export async function deliverNotice(n: Notice, eventId: number): Promise<void> {
  const phone = await activePhone(await getDb(), n.userId);
  // A deregistered shopper hears nothing more (docs/privacy.md#deregistration).
  if (phone === null) return;
  if (await writeNotice(n, eventId)) await smsProvider().send({ phone, template: n.kind, params: n.params }, `outbox-${eventId}`);
}
