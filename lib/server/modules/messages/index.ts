/**
 * 消息中心, the shopper's inbox: `notify` for every event a shopper hears of, 消息设置, old messages pruned (docs/messages.md).
 *
 * 消息中心 (docs/messages.md): the messages a shopper reads, 消息设置, and `notify`, which every event a shopper hears about goes through. The module's public surface: docs/architecture.md.
 */
export { type NoticeParams } from './compose';
export { forgetUser } from './forget';
export {
  deleteMessage,
  deleteOldMessages,
  getMessageSettings,
  listMessages,
  markRead,
  notify,
  saveMessageSettings,
  unreadCounts,
  writeNotice,
} from './messages';
