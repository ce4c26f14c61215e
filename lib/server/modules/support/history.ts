import 'server-only';
/**
 * A shopper's earlier conversations (docs/support.md#the-conversation): every session stays, above the newer
 * one, on the shopper's screen and in the console alike, each with its own card (added by the views,
 * lib/server/views/support-cards.ts), a few sessions a page (查看更多历史消息).
 */
import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import { SUPPORT_HISTORY_PAGE } from '../../../domain/support';
import type { DbOrTx } from '../../db/client';
import { supportConversations as conv, supportMessages as msg } from '../../db/schema';

type ConversationRow = typeof conv.$inferSelect;
type MessageRow = typeof msg.$inferSelect;

export type SessionRows = { conversation: ConversationRow; lines: MessageRow[] };

/** The most lines of one earlier session shown (its newest ones). */
const SESSION_LINES_MAX = 200;

/**
 * The shopper's sessions before conversation `before` (all of them when undefined), newest page
 * first read, answered oldest first; `more` when still older ones exist.
 */
export async function sessionsBefore(db: DbOrTx, userId: number, before: number | undefined, page = SUPPORT_HISTORY_PAGE): Promise<{ sessions: SessionRows[]; more: boolean }> {
  const rows = await db
    .select()
    .from(conv)
    .where(and(eq(conv.userId, userId), before !== undefined ? lt(conv.id, before) : undefined))
    .orderBy(desc(conv.id))
    .limit(page + 1);
  const more = rows.length > page;
  const chosen = rows.slice(0, page).reverse();
  if (!chosen.length) return { sessions: [], more: false };
  const lines = await db
    .select()
    .from(msg)
    .where(inArray(msg.conversationId, chosen.map((c) => c.id)))
    .orderBy(asc(msg.conversationId), asc(msg.id));
  const byConversation = new Map<number, MessageRow[]>();
  for (const l of lines) byConversation.set(l.conversationId, [...(byConversation.get(l.conversationId) ?? []), l]);
  const sessions = chosen.map((c) => ({ conversation: c, lines: (byConversation.get(c.id) ?? []).slice(-SESSION_LINES_MAX) }));
  return { sessions, more };
}

/** Whether the shopper has a session older than `id`. */
export async function hasSessionBefore(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const [row] = await db.select({ id: conv.id }).from(conv).where(and(eq(conv.userId, userId), lt(conv.id, id))).limit(1);
  return Boolean(row);
}
