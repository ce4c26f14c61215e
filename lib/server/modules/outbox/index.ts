/**
 * The console's 待重试的通知: outbox events that keep failing, 重新发送, and the backlog /metrics reports (docs/outbox.md#console).
 *
 * The console's view of the outbox (docs/outbox.md#console): events that keep failing, 重新发送. The module's public surface: docs/architecture.md.
 */
export { countFailingEvents, type FailingEvent, listFailingEvents, resendEvent } from './admin';
export { outboxBacklog } from './backlog';
