/**
 * The books, 消息中心 (docs/messages.md#fault-test): never two messages for one event, never two SMS.
 * The load pays and refunds orders, so `notify` events (order_paid, refund_settled, after-sales) were
 * committed before the SIGKILL and delivered after it, some run twice because the kill cut their
 * delivered mark (scripts/fault/books/outbox.mjs allows that one repeat). Here:
 *  - every delivered `notify` event has its message (the source key it names), and no shopper has two
 *    messages of one kind about one page (an order, a request): a key that drifted between two writes
 *    of the same event would show here, where the unique source key alone would not;
 *  - the demo SMS provider appends "<Idempotency-Key> <template> <pid>" to SMS_DELIVERY_LOG for every
 *    send (both server runs, both instances of a cluster): one event's SMS is sent once, or twice only
 *    when the killed process sent it first (the gateway keeps one per key, docs/outbox.md#delivery);
 *    and no two events of one source key both send — two keys for one event would be two SMS on the phone.
 */
import { existsSync, readFileSync } from 'node:fs';
import { killed } from '../record.mjs';
import { check } from '../report.mjs';

/** Kinds told once per page they link to (an order, a request); the others (coupons, prices, stock) may repeat a link. */
const ONCE_PER_LINK = [
  'order_paid',
  'order_shipped',
  'order_delivering',
  'order_signed',
  'order_auto_completed',
  'after_sale_approved',
  'after_sale_rejected',
  'after_sale_return_received',
  'after_sale_exchange_shipped',
  'after_sale_exchange_delivering',
  'after_sale_exchange_signed',
];

export async function messagesOnce(q, stage) {
  const problems = [];
  const notices = await q(`select id, payload ->> 'key' as key, payload ->> 'kind' as kind, (payload ->> 'userId')::int as user_id, delivered_at from outbox_events where kind = 'notify' order by id`);
  const messages = await q(`select id, user_id, kind, link, source_key from messages`);
  const bySource = new Map(messages.map((m) => [m.source_key, m]));
  for (const n of notices) {
    const m = bySource.get(n.key);
    if (n.delivered_at && !m) problems.push(`notify event ${n.id} (${n.key}): delivered, but no message`);
    else if (m && (m.user_id !== n.user_id || m.kind !== n.kind)) problems.push(`notify event ${n.id} (${n.key}): its message ${m.id} is of user ${m.user_id} / ${m.kind}`);
  }
  const twice = await q(
    `select user_id, kind, link, count(*)::int as n from messages where kind = any($1) group by user_id, kind, link having count(*) > 1`,
    [ONCE_PER_LINK],
  );
  for (const t of twice) problems.push(`user ${t.user_id}: ${t.n} ${t.kind} messages about ${t.link}`);

  /** Idempotency-Key → the pids that sent under it, in order */
  const sends = new Map();
  const file = stage.env.SMS_DELIVERY_LOG;
  for (const line of existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []) {
    const [key, , pid] = line.split(' ');
    if (key === '-') continue; // a login code: no event behind it
    sends.set(key, [...(sends.get(key) ?? []), Number(pid)]);
  }
  const sourceOf = new Map(notices.map((n) => [`outbox-${n.id}`, n.key]));
  /** source key → the events that sent an SMS about it */
  const sentFor = new Map();
  let resentAfterKill = 0;
  for (const [key, pids] of sends) {
    const byLiving = pids.filter((p) => p !== killed.pid).length;
    if (pids.length > 1 && !(pids.length === 2 && pids[0] === killed.pid && byLiving === 1)) {
      problems.push(`SMS ${key}: sent ${pids.length} times (by pids ${pids.join(', ')}; killed ${killed.pid})`);
    } else if (pids.length === 2) resentAfterKill++;
    const source = sourceOf.get(key);
    if (source) sentFor.set(source, [...(sentFor.get(source) ?? []), key]);
  }
  for (const [source, keys] of sentFor) if (keys.length > 1) problems.push(`${source}: SMS sent by ${keys.length} events (${keys.join(', ')})`);
  const delivered = notices.filter((n) => n.delivered_at);
  const acrossKill = delivered.filter((n) => n.delivered_at && new Date(n.delivered_at).getTime() > killed.at + 1000 && sends.has(`outbox-${n.id}`)).length;
  check(
    'never two messages for one event, never two SMS',
    problems,
    `${notices.length} notify events, ${messages.length} messages, ${sends.size} event SMS; sent again under the same key because the kill cut their mark: ${resentAfterKill}; SMS of events delivered after the kill: ${acrossKill}`,
  );
}
