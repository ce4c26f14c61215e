/** Refunds (module refund). */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { REFUND_KINDS, type RefundKind } from '../../../domain/payment-channels';
import { REFUND_STATUSES, type RefundStatus } from '../../../domain/refund-status';
import { createdAt, updatedAt, isOneOf } from './columns';
import { afterSales } from './after-sales';
import { orders } from './order';
import { payments } from './payment';

/**
 * Money going back: one row per refund sent to the provider (out_refund_no / out_request_no), a part or
 * all of one succeeded payment. The refunds of a payment never add up to more than it (checked with the
 * payment row locked). `afterSaleId` names the after-sales request it pays, if any.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    refundNo: varchar('refund_no', { length: 32 }).notNull().unique(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    afterSaleId: integer('after_sale_id').references((): AnyPgColumn => afterSales.id),
    /** The order's money, or 运费补偿 of a request's return shipping (docs/after-sales.md#return-shipping). */
    kind: varchar('kind', { length: 16 }).$type<RefundKind>().notNull().default('goods'),
    amountFen: integer('amount_fen').notNull(),
    reason: varchar('reason', { length: 80 }).notNull(),
    status: varchar('status', { length: 16 }).$type<RefundStatus>().notNull().default('processing'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_status_idx').on(t.status, t.updatedAt),
    // Money back per Beijing day for the console's 数据 (docs/stats.md#indexes).
    index('refunds_refunded_stats_idx').on(t.refundedAt, t.orderId, t.amountFen).where(sql`${t.status} = 'succeeded'`),
    check('refunds_status_chk', isOneOf(t.status, REFUND_STATUSES)),
    check('refunds_amount_chk', sql`${t.amountFen} > 0`),
    check('refunds_kind_chk', isOneOf(t.kind, REFUND_KINDS)),
    check('refunds_return_shipping_chk', sql`${t.kind} <> 'return_shipping' or ${t.afterSaleId} is not null`),
    // A request's return shipping is paid once: at most one such refund under way or done (a failed one may be sent again).
    uniqueIndex('refunds_return_shipping_once').on(t.afterSaleId).where(sql`${t.kind} = 'return_shipping' and ${t.status} <> 'failed'`),
  ],
);
