/** The 消息中心 and its settings (module messages, docs/messages.md). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { MESSAGE_CATEGORIES, MESSAGE_KIND_CATEGORY, type MessageCategory, type MessageKind } from '../../../domain/messages';
import { createdAt, updatedAt, isOneOf } from './columns';
import { users } from './accounts';

/**
 * One message a shopper reads in the 消息中心: written by the outbox's `notify` handler, once per event —
 * `source_key` is the outbox event's dedupe key (or `outbox-<id>`), unique, so a redelivery inserts
 * nothing. The list reads (user_id, created_at desc); the unread badge is one query over the partial
 * index of unread rows, grouped by category. Kept 90 days (docs/privacy.md#retention).
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 40 }).$type<MessageKind>().notNull(),
    category: varchar('category', { length: 16 }).$type<MessageCategory>().notNull(),
    title: varchar('title', { length: 60 }).notNull(),
    body: varchar('body', { length: 500 }).notNull(),
    link: varchar('link', { length: 300 }).notNull(),
    sourceKey: varchar('source_key', { length: 160 }).notNull().unique(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('messages_kind_chk', isOneOf(t.kind, Object.keys(MESSAGE_KIND_CATEGORY))),
    check('messages_category_chk', isOneOf(t.category, MESSAGE_CATEGORIES)),
    index('messages_user_time_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('messages_user_category_time_idx').on(t.userId, t.category, t.createdAt.desc(), t.id.desc()),
    index('messages_unread_idx').on(t.userId, t.category).where(sql`${t.readAt} is null`),
    index('messages_created_idx').on(t.createdAt),
  ],
);

/** 消息设置: per category, whether an SMS goes out with the message. No row: the defaults (docs/messages.md#settings). */
export const messageSettings = pgTable('message_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  smsTrade: boolean('sms_trade').notNull(),
  smsAftersale: boolean('sms_aftersale').notNull(),
  smsPromotion: boolean('sms_promotion').notNull(),
  smsService: boolean('sms_service').notNull(),
  updatedAt: updatedAt(),
});
