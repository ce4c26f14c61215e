/**
 * 待重试的通知 (docs/outbox.md#console): outbox events that keep failing — OUTBOX_FAILING_ATTEMPTS
 * tries or more and still not delivered, those past OUTBOX_MAX_ATTEMPTS no longer tried by
 * themselves — and 重新发送, which makes one due now (one more try for a given-up one) and tries it
 * at once, with its audit row.
 */
import 'server-only';
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { OUTBOX_FAILING_ATTEMPTS, OUTBOX_LEASE_MS, OUTBOX_MAX_ATTEMPTS } from '../../outbox/limits';
import { noteEmitted, withTx, getDb, type DbOrTx } from '../../db/client';
import { countRows } from '../../db/paged';
import { outboxEvents } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { iso } from '../../iso';
import { log } from '../../log';
import type { OutboxKind } from '../../outbox/emit';
import { writeAudit } from '../audit';

const KIND_LABEL: Record<OutboxKind, string> = {
  sms: '短信通知',
  notify: '消息通知',
  products_changed: '商品页刷新',
  skus_restocked: '到货通知',
  refund_send: '提交退款',
  payments_close: '关闭支付单',
  carrier_subscribe: '订阅物流轨迹',
};

/** The console's shown events: listed at most this many, oldest first. */
const LISTED = 100;

export type FailingEvent = {
  id: number;
  kind: string;
  kindLabel: string;
  createdAt: string;
  attempts: number;
  /** Given up: no longer tried by itself (重新发送 tries it once more). */
  givenUp: boolean;
  nextTryAt: string | null;
  lastError: string | null;
};

const failing = and(isNull(outboxEvents.deliveredAt), gte(outboxEvents.attempts, OUTBOX_FAILING_ATTEMPTS));

export async function countFailingEvents(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: countRows }).from(outboxEvents).where(failing);
  return row.n;
}

export async function listFailingEvents(): Promise<{ total: number; items: FailingEvent[] }> {
  const db = await getDb();
  const [total, rows] = await Promise.all([countFailingEvents(db), db.select().from(outboxEvents).where(failing).orderBy(desc(outboxEvents.id)).limit(LISTED)]);
  return {
    total,
    items: rows.map((e) => {
      const givenUp = e.attempts >= OUTBOX_MAX_ATTEMPTS;
      return {
        id: e.id,
        kind: e.kind,
        kindLabel: KIND_LABEL[e.kind as OutboxKind] ?? e.kind,
        createdAt: iso(e.createdAt),
        attempts: e.attempts,
        givenUp,
        nextTryAt: givenUp ? null : iso(e.dueAt),
        lastError: e.lastError,
      };
    }),
  };
}

/** 重新发送: 404 for no such event, 409 once delivered; whether this try delivered it. */
export async function resendEvent(actorUserId: number, id: number): Promise<{ delivered: boolean }> {
  await withTx(async (tx) => {
    const [e] = await tx.select().from(outboxEvents).where(eq(outboxEvents.id, id)).for('update');
    if (!e) throw notFound('通知不存在');
    if (e.deliveredAt) throw conflict('该通知已发送，无需重新发送');
    // This try is the operator's: held by this process for a lease, as a new event is by its writer,
    // and one more try for an event that was given up.
    const [held] = await tx
      .update(outboxEvents)
      .set({ dueAt: sql`now() + ${OUTBOX_LEASE_MS} * interval '1 millisecond'`, attempts: sql`least(${outboxEvents.attempts}, ${OUTBOX_MAX_ATTEMPTS - 1}) + 1` })
      .where(eq(outboxEvents.id, id))
      .returning({ attempts: outboxEvents.attempts });
    await writeAudit(tx, { actorUserId, action: 'outbox.resend', entity: 'outbox_event', entityId: id, before: { attempts: e.attempts, lastError: e.lastError }, after: { due: 'now' } });
    // Tried right after the commit, as an event of this transaction is (docs/outbox.md#delivery).
    noteEmitted(tx, { id, kind: e.kind, payload: e.payload, attempts: held.attempts });
  });
  const [after] = await (await getDb()).select({ deliveredAt: outboxEvents.deliveredAt }).from(outboxEvents).where(eq(outboxEvents.id, id));
  const delivered = after?.deliveredAt != null;
  log.info({ eventId: id, actorUserId, delivered }, 'outbox event sent again by operator');
  return { delivered };
}
