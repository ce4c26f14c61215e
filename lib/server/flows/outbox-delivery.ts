/**
 * Delivering the outbox (docs/outbox.md): what each kind of event does, the modules called for it.
 * Claiming, marking and retrying the events' rows is the outbox's own (lib/server/outbox/deliver.ts);
 * this flow hands it the handler and registers the delivery after each commit.
 */
import 'server-only';
import { productsChanged } from '../cache/cache-revalidate';
import { getDb, type Db, type WrittenEvent } from '../db/client';
import { onCommitted } from '../db/after-commit';
import { deliverDue, deliverHeld, type HandleEvent } from '../outbox/deliver';
import { smsProvider, type SmsMessage } from '../sms/provider';
import { activePhone } from '../modules/accounts';
import { closeOrderPayments } from '../modules/payment';
import { sendRefund } from './refund-settled';
import { skusRestocked } from '../modules/shopper-lists';
import { deliverNotice } from './deliver-notice';
import { sendSubscription } from './parcels';
import type { OutboxEvent, OutboxKind } from '../outbox/emit';

type Handlers = { [K in OutboxKind]: (payload: Extract<OutboxEvent, { kind: K }>['payload'], eventId: number) => Promise<void> };

const HANDLERS: Handlers = {
  sms: async ({ userId, message }, eventId) => {
    // The account's own number, through its owner; none once the account is deregistered (its row keeps a
    // placeholder that is no phone number).
    const phone = await activePhone(await getDb(), userId);
    if (phone) await smsProvider().send({ ...message, phone } as SmsMessage, `outbox-${eventId}`);
  },
  notify: async (notice, eventId) => deliverNotice(notice, eventId),
  products_changed: async ({ productIds }) => productsChanged(productIds),
  skus_restocked: async ({ skuIds }) => {
    await skusRestocked(skuIds);
  },
  refund_send: async ({ refundId }) => sendRefund(refundId),
  payments_close: async ({ orderId }) => closeOrderPayments(orderId),
  carrier_subscribe: async ({ subscriptionId }) => sendSubscription(subscriptionId),
};

/** Runs one event through its kind's handler. */
const handle: HandleEvent = (e) => (HANDLERS[e.kind as OutboxKind] as (p: unknown, id: number) => Promise<void>)(e.payload, e.id);

/**
 * Delivers a transaction's own events right after its commit (withTx): held by their writer from the
 * start, so no claim is needed. Returns how many were delivered.
 */
export function deliverWritten(events: WrittenEvent[]): Promise<number> {
  return deliverHeld(events, handle);
}

/**
 * Makes deliverWritten the database layer's after-commit handler (lib/server/db/after-commit.ts): the
 * server calls it at boot (lib/server/bootstrap.ts), before any request commits.
 */
export function deliverAfterCommits(): void {
  onCommitted(deliverWritten);
}

/**
 * Delivers every due event (the sweep: what a crash or a failed try left behind), claiming each first,
 * on the process's database or `db` (another instance's pool, in tests). Returns how many were delivered.
 */
export async function deliverOutbox(db?: Db): Promise<number> {
  return deliverDue(db ?? (await getDb()), handle);
}
