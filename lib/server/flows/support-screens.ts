/**
 * 在线客服 screens that mark lines read as they show them: the console's conversation, the shopper's earlier sessions.
 *
 * 在线客服 screens that mark lines read as they show them (docs/support.md): the view reads what is
 * shown, then the support module marks it read (the answer shows the lines as they were before).
 */
import 'server-only';
import { getDb } from '../db/client';
import { type AdminConversation, markShopLinesRead, markShopperLinesRead, parseBefore, type SupportSession } from '../modules/support';
import { consoleConversation } from '../views/support-console';
import { earlierSessionsOf } from '../views/support-chat';

/** The console's conversation; the shopper's lines in it are read now (已读 on the shopper's screen). */
export async function getConversationForOperator(id: number, operatorId?: number, earlier?: number): Promise<AdminConversation> {
  const { conversation, unread } = await consoleConversation(id, operatorId, earlier);
  await markShopperLinesRead(await getDb(), id, unread);
  return conversation;
}

/**
 * 查看更多历史消息: the shopper's sessions before conversation `?before=`, a page at a time, oldest
 * first (docs/support.md#the-conversation). Their shop lines count as read once shown.
 */
export async function earlierSessions(userId: number, rawBefore: string | null | undefined): Promise<{ items: SupportSession[]; more: boolean }> {
  const page = await earlierSessionsOf(userId, parseBefore(rawBefore));
  await markShopLinesRead(await getDb(), page.items.map((s) => s.id));
  return page;
}
