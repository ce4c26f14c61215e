/**
 * Writing to the outbox (docs/outbox.md): work that must follow a commit is an event row written in
 * the transaction that causes it, so it commits or rolls back with the change. withTx hands the
 * transaction's events to the dispatcher right after the commit; the sweep delivers whatever a crash
 * or a failed try left behind.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import { OUTBOX_LEASE_MS } from './limits';
import { noteEmitted, type Tx } from '../db/client';
import { outboxEvents } from '../db/schema';
import type { MessageKind } from '../../domain/messages';
import type { SmsMessage } from '../sms/provider';

type WithoutPhone<T> = T extends unknown ? Omit<T, 'phone'> : never;
/** An SMS to a shopper: the phone is looked up at delivery, so no phone number sits in the outbox. */
type ShopperSms = WithoutPhone<SmsMessage>;

/**
 * An event a shopper hears about (docs/messages.md): one message in the 消息中心, and an SMS when the
 * shopper's 消息设置 (or the kind) asks for one. `params` are the SMS template's too; `key` names the
 * event (e.g. `order_paid:<orderNo>`): the message's unique source key, so it is written once.
 */
export type Notice = { userId: number; kind: MessageKind; params: Record<string, string>; link: string; key: string };

export type OutboxEvent =
  /** A security code or other SMS with no message: the shopper's news goes as `notify`. Kept for events written before it. */
  | { kind: 'sms'; payload: { userId: number; message: ShopperSms } }
  | { kind: 'notify'; payload: Notice }
  /** Cached product pages render fresh (stock or reviews changed). */
  | { kind: 'products_changed'; payload: { productIds: number[] } }
  /** Options got stock back: their waiting 到货通知 go out. */
  | { kind: 'skus_restocked'; payload: { skuIds: number[] } }
  /** A refund recorded in the transaction goes to the payment provider. */
  | { kind: 'refund_send'; payload: { refundId: number } }
  /** A cancelled order's open payments are closed at the provider (the sweep closes any left). */
  | { kind: 'payments_close'; payload: { orderId: number } }
  /** A shipped waybill is subscribed at the carrier's tracking service (docs/tracking.md). */
  | { kind: 'carrier_subscribe'; payload: { subscriptionId: number } };
export type OutboxKind = OutboxEvent['kind'];

/**
 * Writes one event in `tx`; with a dedupeKey, a second event of that key is not written. The writer
 * holds the event from the start — its first try, and a lease of OUTBOX_LEASE_MS in `due_at` — so
 * withTx delivers it after the commit without claiming it first, and the sweep takes it only if the
 * writer died before delivering it (docs/outbox.md#delivery).
 */
export async function emit(tx: Tx, event: OutboxEvent, dedupeKey?: string): Promise<void> {
  const [row] = await tx
    .insert(outboxEvents)
    .values({ kind: event.kind, payload: event.payload, dedupeKey: dedupeKey ?? null, attempts: 1, dueAt: sql`now() + ${OUTBOX_LEASE_MS} * interval '1 millisecond'` })
    .onConflictDoNothing({ target: outboxEvents.dedupeKey })
    .returning({ id: outboxEvents.id });
  if (row) noteEmitted(tx, { id: row.id, kind: event.kind, payload: event.payload, attempts: 1 });
}
