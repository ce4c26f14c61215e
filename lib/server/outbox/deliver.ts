/**
 * The outbox's delivery mechanics (docs/outbox.md#delivery): a dispatcher claims due events in one
 * statement (`FOR UPDATE SKIP LOCKED`, and the claim moves due_at a lease ahead), so two dispatchers —
 * two instances, or a request's delivery beside the sweep's — never hold one event at once; then it
 * hands each event to the handler it was given and marks it delivered, or notes the error and the next
 * try (1 s, doubling to 10 minutes). A crash after the claim leaves the event to be tried again when
 * its lease ends: delivery is at least once, and every handler is safe to run twice. What each kind
 * of event does is the outbox-delivery flow's (lib/server/flows/outbox-delivery.ts): it calls the
 * modules, which this folder never imports.
 */
import 'server-only';
import { appendFileSync } from 'node:fs';
import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { OUTBOX_LEASE_MS, OUTBOX_MAX_ATTEMPTS, OUTBOX_RETRY_FIRST_MS, OUTBOX_RETRY_MAX_MS } from './limits';
import { getDb, type Db, type Tx, type WrittenEvent } from '../db/client';
import { outboxEvents } from '../db/schema';
import { log } from '../log';
import { settings } from '../settings/settings';

/** Runs one event's work; a throw leaves the event for its next try. */
export type HandleEvent = (event: WrittenEvent) => Promise<void>;

/**
 * The sweep's claim commits without waiting for the disk: one lost in a crash only means the event is
 * claimed again, which at-least-once allows anyway (docs/decisions/outbox.md).
 */
function bookkeeping<T>(db: Db, write: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    return write(tx);
  });
}

/**
 * Due times are the database's clock, as `due_at`'s default is: the instances' clocks may differ, and
 * an event written a fraction of a millisecond ago is due at once (a JavaScript Date has no microseconds).
 */
const dbNow = sql`now()`;
const dbNowPlus = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/** How many events one claim takes. */
const BATCH = 20;

function retryDelayMs(attempts: number): number {
  return Math.min(OUTBOX_RETRY_FIRST_MS * 2 ** Math.max(attempts - 1, 0), OUTBOX_RETRY_MAX_MS);
}

/**
 * Runs the handler of events this process holds (written by it, or claimed), in the order they were
 * written; marks those delivered in one statement at the end, and notes each failure with its next
 * try (1 s, doubling to 10 minutes). A crash before the mark leaves the events to be run again once
 * their lease ends: delivery is at least once, and every handler is safe to run twice.
 */
async function runHeld(db: Db, events: WrittenEvent[], handle: HandleEvent): Promise<number> {
  const done: number[] = [];
  for (const e of [...events].sort((a, b) => a.id - b.id)) {
    try {
      await handle(e);
      log.info({ eventId: e.id, kind: e.kind }, 'outbox event delivered');
      // The fault test counts deliveries, and who made them, in this file, written at once (a log
      // line may die in a buffer).
      const deliveryLog = settings().OUTBOX_DELIVERY_LOG;
      if (deliveryLog) appendFileSync(deliveryLog, `${e.id} ${process.pid}\n`);
      done.push(e.id);
    } catch (err) {
      await db
        .update(outboxEvents)
        .set({ dueAt: dbNowPlus(retryDelayMs(e.attempts)), lastError: String(err).slice(0, 500) })
        .where(eq(outboxEvents.id, e.id));
      log.warn({ eventId: e.id, kind: e.kind, attempts: e.attempts, err: String(err) }, 'outbox event not delivered: tried again later');
    }
  }
  if (done.length) {
    // One statement, committed without waiting for the disk (set_config(…, true) holds for its own
    // implicit transaction): a mark lost in a crash only means a delivery again, which at-least-once allows.
    await db.execute(sql`
      update ${outboxEvents} set delivered_at = now(), last_error = null
      from (select set_config('synchronous_commit', 'off', true)) as async_commit
      where ${inArray(outboxEvents.id, done)}`);
  }
  return done.length;
}

/**
 * Delivers a transaction's own events right after its commit (withTx). They are held by their writer
 * from the start (emit), so no claim is needed. Returns how many were delivered.
 */
export async function deliverHeld(events: WrittenEvent[], handle: HandleEvent): Promise<number> {
  // The fault test's window (docs/outbox.md#fault-test): a commit's own delivery waits, so a SIGKILL
  // lands between the commit and the send. Never set in production.
  const hold = settings().OUTBOX_HOLD_MS;
  if (hold > 0) await new Promise((r) => setTimeout(r, hold));
  return runHeld(await getDb(), events, handle);
}

/**
 * Delivers every due event (the sweep: what a crash or a failed try left behind), claiming each first,
 * in the order they were written, on `db`. Returns how many were delivered.
 */
export async function deliverDue(db: Db, handle: HandleEvent): Promise<number> {
  let delivered = 0;
  for (;;) {
    const due = db
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(and(isNull(outboxEvents.deliveredAt), lt(outboxEvents.attempts, OUTBOX_MAX_ATTEMPTS), lte(outboxEvents.dueAt, dbNow)))
      .orderBy(asc(outboxEvents.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await bookkeeping(db, (tx) =>
      tx
        .update(outboxEvents)
        .set({ attempts: sql`${outboxEvents.attempts} + 1`, dueAt: dbNowPlus(OUTBOX_LEASE_MS) })
        .where(inArray(outboxEvents.id, due))
        .returning({ id: outboxEvents.id, kind: outboxEvents.kind, payload: outboxEvents.payload, attempts: outboxEvents.attempts }),
    );
    delivered += await runHeld(db, claimed, handle);
    if (claimed.length < BATCH) return delivered;
  }
}
