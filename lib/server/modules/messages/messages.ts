/**
 * 消息中心 (docs/messages.md): every event a shopper hears about is one `notify` outbox event, written
 * in the transaction that causes it; its delivery writes one message (the source key is unique, so a
 * redelivery writes nothing) and sends the SMS the shopper's 消息设置 asks for under the event's
 * Idempotency-Key `outbox-<id>` (docs/outbox.md#delivery). Every read and write here is by the shopper's
 * own id: another shopper's message is 404.
 */
import 'server-only';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { MESSAGE_KEEP_DAYS } from '../../../domain/retention';
import { MESSAGE_CATEGORIES, type MessageCategory, type MessageItem, type MessageKind, type MessageSettings, type UnreadCounts } from '../../../domain/messages';
import { messageSettingsSchema, messagesQuerySchema, readMessagesSchema } from '../../../validation/messages';
import { getDb, type Tx } from '../../db/client';
import { countRows, paged, type Page } from '../../db/paged';
import { messageSettings, messages } from '../../db/schema';
import { notFound } from '../../errors';
import { iso } from '../../iso';
import { log } from '../../log';
import { emit, type Notice } from '../../outbox/emit';
import { eventWrittenAt } from '../../outbox/written-at';
import { compose, linkFor, type NoticeParams } from './compose';

const DAY_MS = 86_400_000;

/**
 * 消息设置 when the shopper has not saved any: an SMS for 交易物流 and 售后退款 (the parcel and the
 * money, what a shopper waits for), none for 优惠促销 and 服务通知 (they can wait for the app).
 */
const DEFAULT_MESSAGE_SETTINGS: MessageSettings = { sms: { trade: true, aftersale: true, promotion: false, service: false } };

/**
 * Kinds that go by SMS whatever the settings say: payment news (paid, refunded, a refund settled), and
 * 到货通知, which the shopper subscribed to as an SMS (the product page says 到货后短信通知您).
 */
const ALWAYS_SMS: ReadonlySet<MessageKind> = new Set<MessageKind>(['order_paid', 'after_sale_refunded', 'refund_settled', 'stock_back']);

/**
 * Tells the shopper about an event, in `tx` (the transaction that causes it): `key` names the event
 * among those of its kind (an order number, a coupon id, a favorite and its new price), so the same
 * event written twice — by a retried request, two instances — is one outbox event and one message.
 */
export async function notify<K extends MessageKind>(tx: Tx, userId: number, kind: K, params: NoticeParams[K], key: string | number): Promise<void> {
  const source = `${kind}:${key}`;
  const notice: Notice = { userId, kind, params: params as Record<string, string>, link: linkFor(kind, params), key: source };
  await emit(tx, { kind: 'notify', payload: notice }, `notify:${source}`);
}

/** The shopper's 消息设置 (the defaults when none were saved). */
async function settingsOf(userId: number): Promise<MessageSettings> {
  const db = await getDb();
  const [row] = await db.select().from(messageSettings).where(eq(messageSettings.userId, userId));
  if (!row) return DEFAULT_MESSAGE_SETTINGS;
  return { sms: { trade: row.smsTrade, aftersale: row.smsAftersale, promotion: row.smsPromotion, service: row.smsService } };
}

/**
 * The message half of the outbox's `notify` handler (lib/server/flows/deliver-notice.ts, which sends the
 * SMS): writes the message and answers whether the SMS goes. Safe to run twice: the second insert meets
 * the source key and writes nothing, and the SMS goes again under the same key, which the gateway keeps
 * once. A later event of the same source (written after the first's outbox row was cleared,
 * docs/outbox.md#retention) finds the message older than itself and sends nothing.
 */
export async function writeNotice(n: Notice, eventId: number): Promise<boolean> {
  const db = await getDb();
  const { title, body, category } = compose(n.kind, n.params);
  const [written] = await db
    .insert(messages)
    .values({ userId: n.userId, kind: n.kind, category, title, body, link: n.link, sourceKey: n.key })
    .onConflictDoNothing({ target: messages.sourceKey })
    .returning({ id: messages.id });
  if (!written) {
    const eventAt = await eventWrittenAt(db, eventId);
    const [first] = eventAt === null ? [] : await db.select({ later: sql<boolean>`${eventAt}::timestamptz > ${messages.createdAt}` }).from(messages).where(eq(messages.sourceKey, n.key));
    if (!first || first.later) {
      log.info({ eventId, key: n.key }, 'notice already written by an earlier event: no SMS');
      return false;
    }
  }
  return ALWAYS_SMS.has(n.kind) || (await settingsOf(n.userId)).sms[category];
}

const itemColumns = {
  id: messages.id,
  category: messages.category,
  title: messages.title,
  body: messages.body,
  link: messages.link,
  readAt: messages.readAt,
  createdAt: messages.createdAt,
};

/**
 * Newest first, spelled as the list's indexes are built (drizzle writes an index's `.desc()` as DESC NULLS LAST):
 * a bare `desc` means NULLS FIRST in PostgreSQL, which those indexes cannot give, and the planner then
 * walks messages_created_idx over every shopper's messages (docs/messages.md#measured).
 */
const newestFirst = [sql`${messages.createdAt} desc nulls last`, sql`${messages.id} desc nulls last`];

/** GET /messages: newest first, one category or all. */
export async function listMessages(userId: number, query: unknown): Promise<Page<MessageItem>> {
  const q = messagesQuerySchema.parse(query);
  const db = await getDb();
  const where = and(eq(messages.userId, userId), q.category ? eq(messages.category, q.category) : undefined);
  return paged(
    q,
    db.select({ total: countRows }).from(messages).where(where),
    db.select(itemColumns).from(messages).where(where).orderBy(...newestFirst).$dynamic(),
    (rows) => rows.map((r) => ({ id: r.id, category: r.category, title: r.title, body: r.body, link: r.link, read: r.readAt !== null, createdAt: iso(r.createdAt) })),
  );
}

/** GET /messages/unread: one query over the partial index of unread messages, grouped by category. */
export async function unreadCounts(userId: number): Promise<UnreadCounts> {
  const db = await getDb();
  const rows = await db
    .select({ category: messages.category, n: countRows })
    .from(messages)
    .where(and(eq(messages.userId, userId), isNull(messages.readAt)))
    .groupBy(messages.category);
  const byCategory = Object.fromEntries(MESSAGE_CATEGORIES.map((c) => [c, 0])) as Record<MessageCategory, number>;
  for (const r of rows) byCategory[r.category] = r.n;
  return { total: rows.reduce((s, r) => s + r.n, 0), byCategory };
}

/** POST /messages/read: { ids } (ids not the shopper's, or read already, are passed over) or { all: true, category? }. Answers the counts left. */
export async function markRead(userId: number, input: unknown): Promise<UnreadCounts> {
  const v = readMessagesSchema.parse(input);
  const db = await getDb();
  const which = 'ids' in v ? inArray(messages.id, [...new Set(v.ids)]) : v.category ? eq(messages.category, v.category) : undefined;
  await db
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(and(eq(messages.userId, userId), isNull(messages.readAt), which));
  return unreadCounts(userId);
}

/** DELETE /messages/{id}: the shopper's own message; any other is 404. */
export async function deleteMessage(userId: number, id: number): Promise<{ deleted: true }> {
  const db = await getDb();
  const gone = await db
    .delete(messages)
    .where(and(eq(messages.id, id), eq(messages.userId, userId)))
    .returning({ id: messages.id });
  if (!gone.length) throw notFound('消息不存在');
  return { deleted: true };
}

/** GET /messages/settings. */
export async function getMessageSettings(userId: number): Promise<MessageSettings> {
  return settingsOf(userId);
}

/** PUT /messages/settings: every category's switch at once. */
export async function saveMessageSettings(userId: number, input: unknown): Promise<MessageSettings> {
  const { sms } = messageSettingsSchema.parse(input);
  const db = await getDb();
  const values = { smsTrade: sms.trade, smsAftersale: sms.aftersale, smsPromotion: sms.promotion, smsService: sms.service, updatedAt: new Date() };
  await db
    .insert(messageSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: messageSettings.userId, set: values });
  return { sms };
}

/** Retention (docs/privacy.md#retention): messages older than MESSAGE_KEEP_DAYS go (the prune flow runs it). Returns how many. */
export async function deleteOldMessages(now = Date.now()): Promise<number> {
  const db = await getDb();
  const gone = await db
    .delete(messages)
    .where(lt(messages.createdAt, new Date(now - MESSAGE_KEEP_DAYS * DAY_MS)))
    .returning({ id: messages.id });
  return gone.length;
}

