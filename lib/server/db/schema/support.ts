/** 在线客服: conversations, their lines, 常用语 (module support, docs/support.md). */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { SUPPORT_STATUSES, type SupportFrom, type SupportStatus } from '../../../domain/support';
import { createdAt, isOneOf } from './columns';
import { users } from './accounts';
import { afterSales } from './after-sales';
import { products } from './catalog';
import { invoices } from './invoice';
import { orders } from './order';

/**
 * A shopper's conversation with the shop. One open (waiting or open) conversation per shopper: the
 * partial unique index holds that under any number of concurrent first messages. `waiting`: nobody
 * took it yet; `open`: an operator took it (接入); `closed`: ended by an operator or after 48 idle hours.
 * The card (a product or an order) is what the conversation was opened from. `waitingSince`: the
 * shopper's oldest message no operator answered yet (the queue's waiting time), null once answered.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 12 }).$type<SupportStatus>().notNull().default('waiting'),
    operatorId: integer('operator_id').references(() => users.id),
    productId: integer('product_id').references(() => products.id),
    orderId: integer('order_id').references(() => orders.id),
    /** The card asked from an after-sales request or an invoice (the shopper's own): docs/support.md#the-conversation. */
    afterSaleId: integer('after_sale_id').references(() => afterSales.id),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    /** When an operator took it (接入, or answering a waiting one): the console says who serves it since when. */
    takenAt: timestamp('taken_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('support_conversations_status_chk', isOneOf(t.status, SUPPORT_STATUSES)),
    uniqueIndex('support_conversations_one_open_uq').on(t.userId).where(sql`${t.status} <> 'closed'`),
    index('support_conversations_user_idx').on(t.userId, t.id.desc()),
    index('support_conversations_queue_idx').on(t.status, t.lastMessageAt.desc()),
  ],
);

/**
 * One line of a conversation: the shopper's (`shopper`) or the shop's (`shop`: an operator's answer,
 * `operatorId` set, or an automatic line, null). `readAt`: when the other side saw it (已读).
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    author: varchar('author', { length: 8 }).$type<SupportFrom>().notNull(),
    operatorId: integer('operator_id').references(() => users.id),
    text: varchar('text', { length: 500 }).notNull().default(''),
    imageIds: jsonb('image_ids').$type<string[]>().notNull().default([]),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The Idempotency-Key of the shopper's request that wrote it: its repeat finds it (docs/decisions/retries.md). */
    requestKey: varchar('request_key', { length: 100 }),
    createdAt: createdAt(),
  },
  (t) => [
    check('support_messages_author_chk', isOneOf(t.author, ['shopper', 'shop'])),
    uniqueIndex('support_messages_request_key_idx').on(t.conversationId, t.requestKey),
    index('support_messages_conversation_idx').on(t.conversationId, t.id),
    index('support_messages_unread_idx').on(t.conversationId, t.author).where(sql`${t.readAt} is null`),
  ],
);

/** 常用语: an operator's own canned answers. */
export const supportCannedReplies = pgTable(
  'support_canned_replies',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: varchar('text', { length: 500 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_canned_operator_idx').on(t.operatorId, t.id)],
);
