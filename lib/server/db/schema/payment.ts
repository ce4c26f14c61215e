/** Payments and the providers' notifications (module payment). */
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { PaymentChannel } from '../../../domain/payment-channels';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../../domain/payment-status';
import { createdAt, updatedAt, isOneOf } from './columns';
import { orders } from './order';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    paymentNo: varchar('payment_no', { length: 32 }).notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    channel: varchar('channel', { length: 20 }).$type<PaymentChannel>().notNull(),
    amountFen: integer('amount_fen').notNull(),
    status: varchar('status', { length: 16 }).$type<PaymentStatus>().notNull().default('pending'),
    providerTxnId: varchar('provider_txn_id', { length: 64 }),
    codeUrl: text('code_url'),
    h5Url: text('h5_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    lastQueriedAt: timestamp('last_queried_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    check('payments_status_chk', isOneOf(t.status, PAYMENT_STATUSES)),
  ],
);

export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 16 }).notNull(),
    eventId: varchar('event_id', { length: 128 }).notNull(),
    paymentNo: varchar('payment_no', { length: 32 }),
    verified: boolean('verified').notNull(),
    outcome: varchar('outcome', { length: 40 }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_notifications_event_uq').on(t.provider, t.eventId)],
);
