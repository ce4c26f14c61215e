/**
 * 在线客服, the operator's side (docs/support.md#console): 接入, answering, 结束, 常用语, the read marks
 * of what the operator was shown; every act audited in its transaction. The idle close after 48 hours
 * runs in the sweep. The queue and a conversation as the console shows them (with the people, the card
 * and the shopper's recent orders) are the view lib/server/views/support-console.ts.
 */
import 'server-only';
import { and, asc, count, eq, inArray, isNull, lt, min, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CLOSED_BY_SHOP_TEXT, IDLE_CLOSE_TEXT, SUPPORT_HISTORY_PAGE, SUPPORT_IDLE_CLOSE_MS, SUPPORT_IMAGES_MAX, SUPPORT_TEXT_MAX, type SupportStatus } from '../../../domain/support';
import { UPLOAD_ID } from '../../../validation/after-sale';
import { getDb, withTx, type DbOrTx } from '../../db/client';
import { supportCannedReplies as canned, supportConversations as conv, supportMessages as msg } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { iso } from '../../iso';
import { writeAudit } from '../audit';
import { publishLive } from '../../live/bus';
import { ownUploadIds } from '../uploads';
import type { SupportCard } from './card';
import { cleanLine, conversationTopic, QUEUE_TOPIC, toMessage, type SupportMessage } from './shopper';

/** Every instance's streams of the conversation and consoles hear of the change (lib/server/live/bus.ts). */
async function announce(id: number): Promise<void> {
  await Promise.all([publishLive(conversationTopic(id), 'message'), publishLive(QUEUE_TOPIC, 'changed')]);
}

/** What the queue and the open conversation both show of a conversation. */
type ConversationHead = {
  id: number;
  status: SupportStatus;
  shopper: string;
  operator: string | null;
  mine: boolean;
  card: SupportCard | null;
};

export type QueueRow = ConversationHead & {
  lastText: string;
  lastMessageAt: string;
  waitingSince: string | null;
  unread: number;
};

export type QueueView = 'waiting' | 'mine' | 'closed';

/** `?view=`: 待接入 (the default), 我的, 已结束. */
export function parseQueueView(raw: unknown): QueueView {
  if (raw === undefined || raw === null || raw === '') return 'waiting';
  if (raw === 'waiting' || raw === 'mine' || raw === 'closed') return raw;
  throw badRequest('列表参数有误，应为 waiting、mine 或 closed');
}

/** The most earlier sessions the console shows above a conversation (查看更多历史消息 adds a page each time). */
const EARLIER_MAX = 60;

/** `?earlier=`: how many of the shopper's earlier sessions to show; a page of them unless told, never more than EARLIER_MAX. */
export function parseEarlier(raw: unknown): number {
  const n = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : 0;
  return n > 0 ? Math.min(n, EARLIER_MAX) : SUPPORT_HISTORY_PAGE;
}

type RecentOrder = { orderNo: string; status: string; totalFen: number; createdAt: string };

export type AdminLine = SupportMessage & { operator: string | null };

/** An earlier session of the same shopper, shown above the conversation with its own card. */
export type AdminSession = { id: number; status: SupportStatus; card: SupportCard | null; createdAt: string; closedAt: string | null; items: AdminLine[] };

export type AdminConversation = ConversationHead & {
  waitingSince: string | null;
  /** When the operator took it (接入 or a first answer). */
  takenAt: string | null;
  createdAt: string;
  closedAt: string | null;
  items: AdminLine[];
  recentOrders: RecentOrder[];
  /** The shopper's earlier sessions (the newest `earlier` of them, oldest first) and whether older ones remain. */
  earlier: { sessions: AdminSession[]; more: boolean };
};

async function conversationRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(conv).where(eq(conv.id, id));
  if (!row) throw notFound('会话不存在');
  return row;
}

/** The shopper's lines the operator was just shown are read (已读 on the shopper's screen); every screen hears of it. */
export async function markShopperLinesRead(db: DbOrTx, id: number, unread: number[]): Promise<void> {
  if (!unread.length) return;
  await db.update(msg).set({ readAt: new Date() }).where(and(inArray(msg.id, unread), isNull(msg.readAt)));
  announce(id);
}

/** 接入: a waiting conversation becomes this operator's (a guarded update: two operators, one wins). */
export async function takeConversation(id: number, operatorId: number): Promise<{ id: number }> {
  await withTx(async (tx) => {
    const c = await conversationRow(tx, id);
    if (c.status === 'closed') throw conflict('会话已结束');
    if (c.status === 'open' && c.operatorId === operatorId) return;
    const moved = await tx
      .update(conv)
      .set({ status: 'open', operatorId, takenAt: new Date() })
      .where(and(eq(conv.id, id), eq(conv.status, 'waiting')))
      .returning({ id: conv.id });
    if (!moved.length) throw conflict('该会话已被其他客服接入');
    await writeAudit(tx, { actorUserId: operatorId, action: 'support.take', entity: 'support_conversation', entityId: id, before: { status: c.status }, after: { status: 'open', operatorId } });
  });
  announce(id);
  return { id };
}

const replyText = z
  .string({ error: '请输入回复内容' })
  .transform(cleanLine)
  .refine((s) => [...s].length <= SUPPORT_TEXT_MAX, `回复不能超过 ${SUPPORT_TEXT_MAX} 个字`);

/** An answer: text, or photos the operator uploaded (the same rules as a shopper's: up to 4, their own uploads). */
const answerSchema = z
  .strictObject({
    text: replyText.optional().default(''),
    imageIds: z
      .array(z.string({ error: '图片不存在或已删除' }).regex(UPLOAD_ID, '图片不存在或已删除'), { error: '图片不存在或已删除' })
      .max(SUPPORT_IMAGES_MAX, `一次最多发送 ${SUPPORT_IMAGES_MAX} 张图片`)
      .optional()
      .default([])
      .transform((ids) => [...new Set(ids)]),
  })
  .refine((b) => b.text.length > 0 || b.imageIds.length > 0, { message: '请输入回复内容', path: ['text'] });

/**
 * The operator's answer. A waiting conversation is taken by answering it; one another operator took
 * is theirs (409); a closed one takes no more. The waiting time ends.
 */
export async function answerConversation(id: number, operatorId: number, body: unknown): Promise<SupportMessage> {
  const { text, imageIds } = answerSchema.parse(body);
  const line = await withTx(async (tx) => {
    const [c] = await tx.select().from(conv).where(eq(conv.id, id)).for('update');
    if (!c) throw notFound('会话不存在');
    if (c.status === 'closed') throw conflict('会话已结束');
    if (c.status === 'open' && c.operatorId !== operatorId) throw conflict('该会话已被其他客服接入');
    if (imageIds.length) {
      const own = await ownUploadIds(tx, operatorId, imageIds);
      if (own.length !== imageIds.length) throw badRequest('图片不存在或已删除');
    }
    const now = new Date();
    await tx
      .update(conv)
      .set({ status: 'open', operatorId, waitingSince: null, lastMessageAt: now, ...(c.status === 'waiting' ? { takenAt: now } : {}) })
      .where(eq(conv.id, id));
    const [row] = await tx.insert(msg).values({ conversationId: id, author: 'shop', operatorId, text, imageIds, createdAt: now }).returning();
    await writeAudit(tx, { actorUserId: operatorId, action: 'support.answer', entity: 'support_conversation', entityId: id, before: null, after: { messageId: row.id, text, ...(imageIds.length ? { images: imageIds.length } : {}) } });
    return row;
  });
  announce(id);
  return toMessage(line);
}

/** 结束: the conversation closes with a line saying so; the shopper's next question opens a new one. */
export async function closeConversation(id: number, operatorId: number): Promise<{ id: number }> {
  await withTx(async (tx) => {
    const [c] = await tx.select().from(conv).where(eq(conv.id, id)).for('update');
    if (!c) throw notFound('会话不存在');
    if (c.status === 'closed') throw conflict('会话已结束');
    const now = new Date();
    await tx.update(conv).set({ status: 'closed', closedAt: now, waitingSince: null, operatorId: c.operatorId ?? operatorId }).where(eq(conv.id, id));
    await tx.insert(msg).values({ conversationId: id, author: 'shop', operatorId, text: CLOSED_BY_SHOP_TEXT, createdAt: now });
    await writeAudit(tx, { actorUserId: operatorId, action: 'support.close', entity: 'support_conversation', entityId: id, before: { status: c.status }, after: { status: 'closed' } });
  });
  announce(id);
  return { id };
}

/** The sweep: conversations nobody wrote in for 48 hours close with a line saying so. Answers how many. */
export async function closeIdleConversations(now = new Date()): Promise<number> {
  const db = await getDb();
  const idle = await db
    .select({ id: conv.id })
    .from(conv)
    .where(and(ne(conv.status, 'closed'), lt(conv.lastMessageAt, new Date(now.getTime() - SUPPORT_IDLE_CLOSE_MS))))
    .limit(500);
  let closed = 0;
  for (const { id } of idle) {
    const done = await withTx(async (tx) => {
      const moved = await tx
        .update(conv)
        .set({ status: 'closed', closedAt: now, waitingSince: null })
        .where(and(eq(conv.id, id), ne(conv.status, 'closed'), lt(conv.lastMessageAt, new Date(now.getTime() - SUPPORT_IDLE_CLOSE_MS))))
        .returning({ id: conv.id });
      if (!moved.length) return false;
      await tx.insert(msg).values({ conversationId: id, author: 'shop', text: IDLE_CLOSE_TEXT, createdAt: now });
      return true;
    });
    if (done) {
      closed++;
      announce(id);
    }
  }
  return closed;
}

/** The dashboard's line: conversations waiting and the longest wait (from the oldest unanswered line). */
export async function supportQueueStats(db: DbOrTx): Promise<{ waiting: number; longestWaitSince: string | null }> {
  const [row] = await db
    .select({ n: count(), oldest: min(conv.waitingSince) })
    .from(conv)
    .where(eq(conv.status, 'waiting'));
  return { waiting: row.n, longestWaitSince: row.oldest ? iso(new Date(row.oldest)) : null };
}

// ---------------------------------------------------------------- 常用语

const CANNED_MAX = 50;
const cannedSchema = z.strictObject({ text: replyText.refine((s) => s.length > 0, '请输入回复内容') });

export async function listCanned(operatorId: number): Promise<{ id: number; text: string }[]> {
  const db = await getDb();
  return db.select({ id: canned.id, text: canned.text }).from(canned).where(eq(canned.operatorId, operatorId)).orderBy(asc(canned.id));
}

export async function addCanned(operatorId: number, body: unknown): Promise<{ id: number; text: string }> {
  const { text } = cannedSchema.parse(body);
  return withTx(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('support_canned'), ${operatorId})`);
    const [{ n }] = await tx.select({ n: count() }).from(canned).where(eq(canned.operatorId, operatorId));
    if (n >= CANNED_MAX) throw badRequest(`常用语最多保存 ${CANNED_MAX} 条`);
    const [row] = await tx.insert(canned).values({ operatorId, text }).returning({ id: canned.id, text: canned.text });
    return row;
  });
}

/** Another operator's 常用语 is 404 like a missing one. */
export async function deleteCanned(operatorId: number, id: number): Promise<{ id: number }> {
  const db = await getDb();
  const gone = await db.delete(canned).where(and(eq(canned.id, id), eq(canned.operatorId, operatorId))).returning({ id: canned.id });
  if (!gone.length) throw notFound('常用语不存在');
  return { id };
}
