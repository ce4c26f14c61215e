/**
 * The console's 在线客服: the queue with waiting times, one conversation with its card, earlier sessions, recent orders.
 *
 * 在线客服 in the operator console (docs/support.md#console): the queue (waiting, mine, closed) with the
 * waiting time, and one conversation with its card, the shopper's earlier sessions and recent orders. A
 * view: the conversations with the accounts' names, the cards' rows and the orders.
 */
import 'server-only';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { SUPPORT_HISTORY_PAGE } from '../../domain/support';
import { maskPhone } from '../../validation/phone';
import { getDb } from '../db/client';
import { orders, supportConversations as conv, supportMessages as msg, users } from '../db/schema';
import { notFound } from '../errors';
import { iso } from '../iso';
import { type AdminConversation, type AdminLine, type QueueRow, type QueueView, toMessage } from '../modules/support';
import { cardOf, sessionsWithCards } from './support-cards';

const operatorName = (u: { nickname: string | null; phone: string } | null) => (u ? u.nickname || maskPhone(u.phone) : null);

/** The queue: 待接入 (oldest wait first), 我的 (open ones this operator took) and 已结束 (newest 50). */
export async function listQueue(tab: QueueView, operatorId: number): Promise<QueueRow[]> {
  const db = await getDb();
  const where =
    tab === 'waiting' ? eq(conv.status, 'waiting') : tab === 'mine' ? and(eq(conv.status, 'open'), eq(conv.operatorId, operatorId)) : eq(conv.status, 'closed');
  const order = tab === 'closed' ? [desc(conv.closedAt), desc(conv.id)] : [asc(sql`coalesce(${conv.waitingSince}, ${conv.lastMessageAt})`), asc(conv.id)];
  const rows = await db.select().from(conv).where(where).orderBy(...order).limit(tab === 'closed' ? 50 : 200);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const people = await db
    .select({ id: users.id, phone: users.phone, nickname: users.nickname })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.flatMap((r) => (r.operatorId ? [r.userId, r.operatorId] : [r.userId])))]));
  const byId = new Map(people.map((p) => [p.id, p]));
  // The shopper's last words, not the shop's automatic out-of-hours answer that may follow them.
  const lasts = await db
    .selectDistinctOn([msg.conversationId], { conversationId: msg.conversationId, text: msg.text, imageIds: msg.imageIds })
    .from(msg)
    .where(and(inArray(msg.conversationId, ids), eq(msg.author, 'shopper')))
    .orderBy(msg.conversationId, desc(msg.id));
  const last = new Map(lasts.map((l) => [l.conversationId, l.text || (l.imageIds.length ? '[图片]' : '')]));
  const unread = await db
    .select({ conversationId: msg.conversationId, n: count() })
    .from(msg)
    .where(and(inArray(msg.conversationId, ids), eq(msg.author, 'shopper'), isNull(msg.readAt)))
    .groupBy(msg.conversationId);
  const unreadOf = new Map(unread.map((u) => [u.conversationId, u.n]));
  const items: QueueRow[] = [];
  for (const r of rows) {
    const shopper = byId.get(r.userId);
    items.push({
      id: r.id,
      status: r.status,
      shopper: shopper ? maskPhone(shopper.phone) : '已注销用户',
      operator: r.operatorId ? operatorName(byId.get(r.operatorId) ?? null) : null,
      mine: r.operatorId === operatorId,
      card: await cardOf(db, r),
      lastText: last.get(r.id) ?? '',
      lastMessageAt: iso(r.lastMessageAt),
      waitingSince: iso(r.waitingSince),
      unread: unreadOf.get(r.id) ?? 0,
    });
  }
  return items;
}

/**
 * One conversation for the console, with the shopper's `earlier` sessions before it (查看更多历史消息),
 * as read before the operator saw it, and the shopper's lines not read until now (the flow marks them).
 */
export async function consoleConversation(id: number, operatorId?: number, earlier = SUPPORT_HISTORY_PAGE): Promise<{ conversation: AdminConversation; unread: number[] }> {
  const db = await getDb();
  const [c] = await db.select().from(conv).where(eq(conv.id, id));
  if (!c) throw notFound('会话不存在');
  const rows = await db.select().from(msg).where(eq(msg.conversationId, id)).orderBy(asc(msg.id));
  const history = await sessionsWithCards(db, c.userId, c.id, earlier);
  const historyLines = history.sessions.flatMap((s) => s.lines);
  const unread = rows.filter((r) => r.author === 'shopper' && !r.readAt).map((r) => r.id);
  const opIds = [...new Set([...rows, ...historyLines].flatMap((r) => (r.operatorId ? [r.operatorId] : [])).concat(c.operatorId ? [c.operatorId] : []))];
  const people = await db.select({ id: users.id, phone: users.phone, nickname: users.nickname }).from(users).where(inArray(users.id, [c.userId, ...opIds]));
  const byId = new Map(people.map((p) => [p.id, p]));
  const recent = await db
    .select({ orderNo: orders.orderNo, status: orders.status, totalFen: orders.totalFen, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.userId, c.userId))
    .orderBy(desc(orders.id))
    .limit(5);
  const shopper = byId.get(c.userId);
  const line = (r: typeof msg.$inferSelect): AdminLine => ({ ...toMessage(r), read: r.readAt !== null, operator: r.operatorId ? operatorName(byId.get(r.operatorId) ?? null) : null });
  const conversation: AdminConversation = {
    id: c.id,
    status: c.status,
    shopper: shopper ? maskPhone(shopper.phone) : '已注销用户',
    operator: c.operatorId ? operatorName(byId.get(c.operatorId) ?? null) : null,
    mine: operatorId !== undefined && c.operatorId === operatorId,
    card: await cardOf(db, c),
    waitingSince: iso(c.waitingSince),
    createdAt: iso(c.createdAt),
    closedAt: iso(c.closedAt),
    takenAt: iso(c.takenAt),
    items: rows.map(line),
    recentOrders: recent.map((o) => ({ ...o, createdAt: iso(o.createdAt) })),
    earlier: {
      sessions: history.sessions.map((s) => ({
        id: s.conversation.id,
        status: s.conversation.status,
        card: s.card,
        createdAt: iso(s.conversation.createdAt),
        closedAt: iso(s.conversation.closedAt),
        items: s.lines.map(line),
      })),
      more: history.more,
    },
  };
  return { conversation, unread };
}
