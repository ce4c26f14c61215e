/**
 * The books, outbox (docs/outbox.md#fault-test): the server ran with OUTBOX_HOLD_MS, so a commit's own
 * delivery waited and the SIGKILL landed between commits and their SMS / revalidations / refunds. After
 * the restart every event is delivered, and each once: the dispatcher appends "<event id> <pid>" to
 * OUTBOX_DELIVERY_LOG as soon as a handler is done (both server runs, both instances on a cluster, write
 * to the stage's one file). The one repeat allowed is the one at-least-once delivery owns: the killed
 * process ran a handler and died before writing delivered_at, so a survivor ran it again (an SMS under
 * the same Idempotency-Key, which the gateway keeps once; docs/outbox.md#delivery). Any other
 * repeat — two live dispatchers on one event — fails.
 */
import { existsSync, readFileSync } from 'node:fs';
import { sleep } from '../config.mjs';
import { killed } from '../record.mjs';
import { check } from '../report.mjs';

/** OUTBOX_LEASE_MS in lib/server/outbox/limits.ts: an event the killed process had claimed waits this long. */
const LEASE_MS = 30_000;

/** Before the server stops: what the killed process had claimed has had its lease and a sweep tick since. */
export async function waitOutboxLeases() {
  await sleep(Math.max(0, killed.at + LEASE_MS + 3000 - Date.now()));
}

export async function outboxDeliveredOnce(q, stage) {
  const events = await q(`select id, kind, created_at, delivered_at, attempts from outbox_events order by id`);
  const file = stage.env.OUTBOX_DELIVERY_LOG;
  /** event id → the pids that ran its handler, in order */
  const sends = new Map();
  for (const line of existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []) {
    const [id, pid] = line.split(' ').map(Number);
    sends.set(id, [...(sends.get(id) ?? []), pid]);
  }
  const problems = [];
  let cutByKill = 0;
  for (const e of events) {
    const pids = sends.get(e.id) ?? [];
    const byLiving = pids.filter((p) => p !== killed.pid).length;
    if (!e.delivered_at) problems.push(`event ${e.id} (${e.kind}): not delivered after ${e.attempts} tries`);
    else if (pids.length === 0) problems.push(`event ${e.id} (${e.kind}): marked delivered, but no handler ran`);
    else if (pids.length > 1 && !(pids.length === 2 && pids[0] === killed.pid && byLiving === 1)) {
      problems.push(`event ${e.id} (${e.kind}): delivered ${pids.length} times (by pids ${pids.join(', ')}; killed ${killed.pid})`);
    } else if (pids.length === 2) cutByKill++;
  }
  // The kill must have landed in the window: events committed before it, delivered only after it.
  const repaired = events.filter((e) => new Date(e.created_at).getTime() < killed.at && e.delivered_at && new Date(e.delivered_at).getTime() > killed.at + 1000);
  if (!repaired.length) problems.push('no event was committed before the kill and delivered after it: the kill missed the window');
  const byKind = {};
  for (const e of repaired) byKind[e.kind] = (byKind[e.kind] ?? 0) + 1;
  check(
    'every SMS, revalidation and refund due at the kill delivered after it, once by the living',
    problems,
    `${events.length} events, ${sends.size} delivered; committed before the kill and delivered after it: ${Object.entries(byKind).map(([k, n]) => `${k} ${n}`).join(', ')}; run again because the kill cut their mark: ${cutByKill}`,
  );
}
