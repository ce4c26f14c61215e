/** 在线客服: the shopper's conversation, the console's queue, live delivery (docs/support.md). The module's public surface: docs/architecture.md. */
export { assertOwnConversation, currentConversation, listShopperMessages, sendShopperMessage, startConversation, type SupportCard, unreadCount } from './shopper';
export { addCanned, type AdminConversation, answerConversation, closeConversation, closeIdleConversations, deleteCanned, getConversationForOperator, listCanned, listQueue, parseQueueView, type QueueView, supportQueueStats, takeConversation } from './admin';
export { conversationStream } from './stream';
