/**
 * The books, outbox (docs/outbox.md#fault-test): the server ran with OUTBOX_HOLD_MS, so a commit's own
 * delivery waited and the SIGKILL landed between commits and their SMS / revalidations / refunds. After
 * the restart every event is delivered, and each exactly once: the dispatcher appends each delivery's
 * event id to OUTBOX_DELIVERY_LOG as soon as its handler is done (both server runs, both instances on a
 * cluster, write to the stage's one file).
 */
import { existsSync, readFileSync } from 'node:fs';
import { sleep } from '../config.mjs';
import { killed } from '../record.mjs';
import { check } from '../report.mjs';

/** OUTBOX_LEASE_MS in lib/constants.ts: an event the killed process had claimed waits this long. */
const LEASE_MS = 30_000;

/** Before the server stops: what the killed process had claimed has had its lease and a sweep tick since. */
export async function waitOutboxLeases() {
  await sleep(Math.max(0, killed.at + LEASE_MS + 3000 - Date.now()));
}

export async function outboxDeliveredOnce(q, stage) {
  const events = await q(`select id, kind, created_at, delivered_at, attempts from outbox_events order by id`);
  const file = stage.env.OUTBOX_DELIVERY_LOG;
  const sends = new Map();
  for (const id of existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number) : []) sends.set(id, (sends.get(id) ?? 0) + 1);
  const problems = [];
  for (const e of events) {
    const n = sends.get(e.id) ?? 0;
    if (!e.delivered_at) problems.push(`event ${e.id} (${e.kind}): not delivered after ${e.attempts} tries`);
    else if (n !== 1) problems.push(`event ${e.id} (${e.kind}): delivered ${n} times`);
  }
  // The kill must have landed in the window: events committed before it, delivered only after it.
  const repaired = events.filter((e) => new Date(e.created_at).getTime() < killed.at && e.delivered_at && new Date(e.delivered_at).getTime() > killed.at + 1000);
  if (!repaired.length) problems.push('no event was committed before the kill and delivered after it: the kill missed the window');
  const byKind = {};
  for (const e of repaired) byKind[e.kind] = (byKind[e.kind] ?? 0) + 1;
  check(
    'every SMS, revalidation and refund due at the kill delivered exactly once after it',
    problems,
    `${events.length} events, ${sends.size} delivered; committed before the kill and delivered after it: ${Object.entries(byKind).map(([k, n]) => `${k} ${n}`).join(', ')}`,
  );
}
