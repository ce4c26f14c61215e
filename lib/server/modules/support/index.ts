/** 在线客服: the shopper's conversation, the console's queue, live delivery (docs/support.md). The module's public surface: docs/architecture.md. */
export { assertOwnConversation, currentConversation, listShopperMessages, sendShopperMessage, startConversation, type SupportCard, type SupportConversation, type SupportMessage, unreadCount } from './shopper';
export { addCanned, type AdminConversation, answerConversation, closeConversation, closeIdleConversations, deleteCanned, getConversationForOperator, listCanned, listQueue, parseQueueView, type QueueRow, type QueueView, type RecentOrder, supportQueueStats, takeConversation } from './admin';
export { conversationStream } from './stream';
