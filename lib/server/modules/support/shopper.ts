import 'server-only';
import { and, desc, eq, gt, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  isSupportOpen,
  outOfHoursAnswer,
  SUPPORT_IMAGES_MAX,
  SUPPORT_MESSAGES_PER_HOUR,
  SUPPORT_TEXT_MAX,
  supportClosedSince,
  type SupportCard,
  type SupportFrom,
  type SupportStatus,
} from '../../../domain/support';
import { DB_INT_MAX } from '../../../domain/money';
import { UPLOAD_ID } from '../../../validation/after-sale';
import { stripBidi } from '../../../validation/fields';
import { getDb, withTx, type DbOrTx, type Tx } from '../../db/client';
import { currentRequestKey } from '../../db/idempotency-mark';
import { supportConversations, supportMessages } from '../../db/schema';
import { holdHourlyLimit } from '../../db/shopper-lock';
import { badRequest, conflict, notFound } from '../../errors';
import { publishLive } from '../../live/bus';
import { ownUploadIds } from '../uploads';
import { cardColumns, cardFields, hasCard, resolveCard } from './card';

export type SupportMessage = { id: number; from: SupportFrom; text: string; imageIds: string[]; createdAt: string; read: boolean };
export type SupportConversation = { id: number; status: SupportStatus; card: SupportCard | null; createdAt: string; closedAt: string | null };
/** An earlier session as the shopper's screen shows it above the current one, with its own card. */
export type SupportSession = SupportConversation & { items: SupportMessage[] };

/** The stream's topic of one conversation, and the console's topic of the queue. */
export const conversationTopic = (id: number) => `support:${id}`;
export const QUEUE_TOPIC = 'support:queue';

const NOT_FOUND = '会话不存在';
const PAGE = 100;

/**
 * A chat line as written: control characters other than line breaks and tabs, and bidirectional
 * controls, never reach the database (docs/support.md#the-conversation). The operator's answers too.
 */
export const cleanLine = (raw: string) =>
  stripBidi(raw.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/g, '')).trim();

/** Text as the shopper sent it: a string of at most SUPPORT_TEXT_MAX characters, trimmed. */
function cleanText(raw: unknown, { required }: { required: boolean }): string {
  if (raw === undefined || raw === null) {
    if (required) throw badRequest('请输入要咨询的内容');
    return '';
  }
  if (typeof raw !== 'string') throw badRequest('消息内容应为文字');
  const text = cleanLine(raw);
  if (required && !text) throw badRequest('请输入要咨询的内容');
  if ([...text].length > SUPPORT_TEXT_MAX) throw badRequest(`消息最多 ${SUPPORT_TEXT_MAX} 个字`);
  return text;
}

function cleanImageIds(raw: unknown): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.some((id) => typeof id !== 'string' || !UPLOAD_ID.test(id))) throw badRequest('图片不存在或已删除');
  const ids = [...new Set(raw as string[])];
  if (ids.length > SUPPORT_IMAGES_MAX) throw badRequest(`一次最多发送 ${SUPPORT_IMAGES_MAX} 张图片`);
  return ids;
}

/** The photos must be the shopper's own uploads: another shopper's id is refused as missing. */
async function checkOwnImages(tx: Tx, userId: number, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const rows = await ownUploadIds(tx, userId, ids);
  if (rows.length !== ids.length) throw badRequest('图片不存在或已删除');
}

/** A line's body: text or photos; the first line may name its card (one of cardFields). */
const bodySchema = z.object({ text: z.unknown().optional(), imageIds: z.unknown().optional(), ...cardFields }, { error: '请求内容有误' });

/**
 * The shopper's hourly messages, under their lock: a burst of requests (on any instance) cannot slip
 * past SUPPORT_MESSAGES_PER_HOUR.
 */
async function holdLimit(tx: Tx, userId: number): Promise<void> {
  await holdHourlyLimit(tx, 'support', userId, {
    limit: SUPPORT_MESSAGES_PER_HOUR,
    message: '消息发送太频繁，请稍后再试',
    countSince: async (since) =>
      (
        await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(supportMessages)
          .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
          .where(and(eq(supportConversations.userId, userId), eq(supportMessages.author, 'shopper'), gte(supportMessages.createdAt, since)))
      )[0].n,
  });
}

/** Out of hours, one automatic line per closed stretch (none if the shop already said something in it). */
async function answerOutOfHours(tx: Tx, conversationId: number, now: Date): Promise<void> {
  if (isSupportOpen(now)) return;
  const since = supportClosedSince(now)!;
  const [said] = await tx
    .select({ id: supportMessages.id })
    .from(supportMessages)
    .where(and(eq(supportMessages.conversationId, conversationId), eq(supportMessages.author, 'shop'), gte(supportMessages.createdAt, since)))
    .limit(1);
  if (said) return;
  await tx.insert(supportMessages).values({ conversationId, author: 'shop', text: outOfHoursAnswer(now), createdAt: new Date(now.getTime() + 1) });
}

/**
 * The shopper's line that the request with this key already wrote (its first run committed, then its
 * instance died before the answer went out): the repeat answers it instead of writing it again.
 */
async function writtenBy(tx: Tx, userId: number, key: string | null) {
  if (!key) return null;
  const [row] = await tx
    .select({ message: supportMessages })
    .from(supportMessages)
    .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
    .where(and(eq(supportConversations.userId, userId), eq(supportMessages.author, 'shopper'), eq(supportMessages.requestKey, key)));
  return row?.message ?? null;
}

async function announce(conversationId: number): Promise<void> {
  await Promise.all([publishLive(conversationTopic(conversationId), 'message'), publishLive(QUEUE_TOPIC, 'changed')]);
}

/**
 * 联系客服: the shopper's first line, with the product or order it was asked from. One open
 * conversation per shopper: a second call adds to it (its card becomes the newer one) and answers its id.
 */
export async function startConversation(userId: number, input: unknown, now = new Date()): Promise<{ id: number }> {
  const b = bodySchema.parse(input);
  const text = cleanText(b.text, { required: true });
  const key = currentRequestKey();
  const id = await withTx(async (tx) => {
    const earlier = await writtenBy(tx, userId, key);
    if (earlier) return earlier.conversationId;
    await holdLimit(tx, userId);
    const card = await resolveCard(tx, userId, b);
    const [open] = await tx
      .select({ id: supportConversations.id })
      .from(supportConversations)
      .where(and(eq(supportConversations.userId, userId), ne(supportConversations.status, 'closed')));
    let conversationId: number;
    if (open) {
      conversationId = open.id;
      await tx
        .update(supportConversations)
        .set({
          lastMessageAt: now,
          waitingSince: sql`coalesce(${supportConversations.waitingSince}, ${now.toISOString()}::timestamptz)`,
          ...(hasCard(card) ? cardColumns(card) : {}),
        })
        .where(eq(supportConversations.id, open.id));
    } else {
      const [row] = await tx
        .insert(supportConversations)
        .values({ userId, status: 'waiting', ...cardColumns(card), waitingSince: now, lastMessageAt: now, createdAt: now })
        .returning({ id: supportConversations.id });
      conversationId = row.id;
    }
    await tx.insert(supportMessages).values({ conversationId, author: 'shopper', text, requestKey: key, createdAt: now });
    await answerOutOfHours(tx, conversationId, now);
    return conversationId;
  });
  await announce(id);
  return { id };
}

/** The shopper's own conversation, or 404 (another shopper's too). */
async function ownConversation(db: DbOrTx, userId: number, id: number) {
  if (!Number.isInteger(id) || id <= 0 || id > DB_INT_MAX) throw notFound(NOT_FOUND);
  const [c] = await db
    .select()
    .from(supportConversations)
    .where(and(eq(supportConversations.id, id), eq(supportConversations.userId, userId)));
  if (!c) throw notFound(NOT_FOUND);
  return c;
}

/** A line of text or photos in the shopper's own open conversation. */
export async function sendShopperMessage(userId: number, conversationId: number, input: unknown, now = new Date()): Promise<SupportMessage> {
  const b = bodySchema.parse(input);
  const imageIds = cleanImageIds(b.imageIds);
  const text = cleanText(b.text, { required: imageIds.length === 0 });
  const key = currentRequestKey();
  const message = await withTx(async (tx) => {
    const earlier = await writtenBy(tx, userId, key);
    if (earlier?.conversationId === conversationId) return earlier;
    await holdLimit(tx, userId);
    const c = await ownConversation(tx, userId, conversationId);
    if (c.status === 'closed') throw conflict('本次会话已结束，请重新发起咨询');
    await checkOwnImages(tx, userId, imageIds);
    const [row] = await tx.insert(supportMessages).values({ conversationId, author: 'shopper', text, imageIds, requestKey: key, createdAt: now }).returning();
    await tx
      .update(supportConversations)
      .set({ lastMessageAt: now, waitingSince: sql`coalesce(${supportConversations.waitingSince}, ${now.toISOString()}::timestamptz)` })
      .where(eq(supportConversations.id, conversationId));
    await answerOutOfHours(tx, conversationId, now);
    return row;
  });
  await announce(conversationId);
  return toMessage(message);
}

type MessageRow = typeof supportMessages.$inferSelect;

export function toMessage(m: MessageRow): SupportMessage {
  return {
    id: m.id,
    from: m.author,
    text: m.text,
    imageIds: m.imageIds,
    createdAt: m.createdAt.toISOString(),
    // The shopper's own line: whether the shop saw it (已读). The shop's: the shopper is reading it now.
    read: m.author === 'shopper' ? m.readAt !== null : true,
  };
}

/**
 * The conversation's lines after `after` (the stream and the fallback polling), or the newest page
 * before `before` (history), oldest first. Reading them marks the shop's lines read.
 */
export async function listShopperMessages(
  userId: number,
  conversationId: number,
  { after, before }: { after?: string | null; before?: string | null } = {},
): Promise<{ items: SupportMessage[]; status: SupportStatus; readUpTo: number }> {
  const db = await getDb();
  const c = await ownConversation(db, userId, conversationId);
  const cursor = (raw: string | null | undefined) => {
    if (raw === undefined || raw === null || raw === '') return null;
    const n = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
    if (!(n <= DB_INT_MAX)) throw badRequest('参数 after/before 应为消息编号');
    return n;
  };
  const a = cursor(after);
  const bf = cursor(before);
  let rows: MessageRow[];
  if (a !== null) {
    rows = await db
      .select()
      .from(supportMessages)
      .where(and(eq(supportMessages.conversationId, c.id), gt(supportMessages.id, a)))
      .orderBy(supportMessages.id)
      .limit(PAGE);
  } else {
    rows = (
      await db
        .select()
        .from(supportMessages)
        .where(and(eq(supportMessages.conversationId, c.id), bf !== null ? lt(supportMessages.id, bf) : undefined))
        .orderBy(desc(supportMessages.id))
        .limit(PAGE)
    ).reverse();
  }
  await db
    .update(supportMessages)
    .set({ readAt: new Date() })
    .where(and(eq(supportMessages.conversationId, c.id), eq(supportMessages.author, 'shop'), isNull(supportMessages.readAt)));
  return { items: rows.map(toMessage), status: c.status, readUpTo: await readUpTo(db, c.id) };
}

/** The newest of the shopper's lines the shop has read: every line up to it shows 已读. */
async function readUpTo(db: DbOrTx, conversationId: number): Promise<number> {
  const [r] = await db
    .select({ id: sql<number | null>`max(${supportMessages.id})` })
    .from(supportMessages)
    .where(and(eq(supportMessages.conversationId, conversationId), eq(supportMessages.author, 'shopper'), sql`${supportMessages.readAt} is not null`));
  return r?.id ?? 0;
}

/** Whether the shopper may still listen to this conversation (the stream checks it with the session). */
export async function assertOwnConversation(userId: number, conversationId: number): Promise<void> {
  await ownConversation(await getDb(), userId, conversationId);
}

/** The shopper's conversation to show on the page: the open one, else the newest closed one, else undefined. */
export async function latestConversation(db: DbOrTx, userId: number) {
  const [c] = await db
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.userId, userId))
    .orderBy(sql`case when ${supportConversations.status} = 'closed' then 1 else 0 end`, desc(supportConversations.id))
    .limit(1);
  return c;
}

export const sessionHead = (c: typeof supportConversations.$inferSelect, card: SupportCard | null): SupportConversation => ({
  id: c.id,
  status: c.status,
  card,
  createdAt: c.createdAt.toISOString(),
  closedAt: c.closedAt?.toISOString() ?? null,
});

/** `?before=` of 查看更多历史消息: a conversation's id, or undefined for the newest sessions (400 otherwise). */
export function parseBefore(rawBefore: string | null | undefined): number | undefined {
  const before = rawBefore === undefined || rawBefore === null || rawBefore === '' ? undefined : /^\d{1,10}$/.test(rawBefore) && Number(rawBefore) <= DB_INT_MAX ? Number(rawBefore) : null;
  if (before === null) throw badRequest('参数 before 应为会话编号');
  return before;
}

/** The shop's lines of these conversations count as read once the shopper was shown them. */
export async function markShopLinesRead(db: DbOrTx, conversationIds: number[]): Promise<void> {
  if (conversationIds.length) await db.update(supportMessages).set({ readAt: new Date() }).where(and(inArray(supportMessages.conversationId, conversationIds), eq(supportMessages.author, 'shop'), isNull(supportMessages.readAt)));
}

/** The shop's lines the shopper has not seen yet, over all their conversations (我的 and the 消息中心). */
export async function unreadCount(userId: number): Promise<{ total: number }> {
  const db = await getDb();
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportMessages)
    .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
    .where(and(eq(supportConversations.userId, userId), eq(supportMessages.author, 'shop'), isNull(supportMessages.readAt)));
  return { total: r.n };
}
