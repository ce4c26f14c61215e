/** 在线客服: the shopper's conversation, the console's queue, live delivery (docs/support.md). The module's public surface: docs/architecture.md. */
export { assertOwnConversation, currentConversation, earlierSessions, listShopperMessages, sendShopperMessage, startConversation, unreadCount } from './shopper';
export { previewCard, type SupportCard } from './card';
export { addCanned, type AdminConversation, type AdminSession, answerConversation, closeConversation, closeIdleConversations, deleteCanned, getConversationForOperator, listCanned, listQueue, parseEarlier, parseQueueView, type QueueView, supportQueueStats, takeConversation } from './admin';
export { conversationStream } from './stream';
export { photoSentToShopper } from './photo-sent';
