/**
 * The shopper's 在线客服 screen: the conversation to show with its card, and the earlier sessions above it.
 *
 * 在线客服, the shopper's screen (docs/support.md#the-conversation): the conversation to show (the open
 * one, else the newest closed one) with its card, and the earlier sessions above it, each with its card.
 * A view: the cards are other owners' rows (./support-cards.ts).
 */
import 'server-only';
import { getDb } from '../db/client';
import { hasSessionBefore, latestConversation, sessionHead, type SupportConversation, type SupportSession, toMessage } from '../modules/support';
import { cardOf, sessionsWithCards } from './support-cards';

/** The shopper's conversation to show on the page, else null; `earlier`: older sessions exist. */
export async function currentConversation(userId: number): Promise<(SupportConversation & { earlier: boolean }) | null> {
  const db = await getDb();
  const c = await latestConversation(db, userId);
  if (!c) return null;
  return { ...sessionHead(c, await cardOf(db, c)), earlier: await hasSessionBefore(db, userId, c.id) };
}

/** The shopper's sessions before conversation `before` (all when undefined), a page, oldest first. */
export async function earlierSessionsOf(userId: number, before: number | undefined): Promise<{ items: SupportSession[]; more: boolean }> {
  const { sessions, more } = await sessionsWithCards(await getDb(), userId, before);
  return { items: sessions.map((s) => ({ ...sessionHead(s.conversation, s.card), items: s.lines.map(toMessage) })), more };
}
