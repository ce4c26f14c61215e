/**
 * 在线客服, the live chat with the shop: conversations, lines, read marks, the console's queue, 常用语, the stream (docs/support.md).
 *
 * 在线客服: the shopper's conversation, the console's queue, live delivery (docs/support.md). The module's public surface: docs/architecture.md.
 */
export { assertOwnConversation, latestConversation, listShopperMessages, markShopLinesRead, parseBefore, sendShopperMessage, sessionHead, startConversation, type SupportConversation, type SupportSession, toMessage, unreadCount } from './shopper';
export { cardFields, type CardQuery, type CardRef, resolveCard, type SupportCard } from './card';
export { hasSessionBefore, type SessionRows, sessionsBefore } from './history';
export { addCanned, type AdminConversation, type AdminLine, type AdminSession, answerConversation, closeConversation, closeIdleConversations, deleteCanned, listCanned, markShopperLinesRead, parseEarlier, parseQueueView, type QueueRow, type QueueView, supportQueueStats, takeConversation } from './admin';
export { conversationStream } from './stream';
export { photoSentToShopper } from './photo-sent';
