/** 价保 claims (module price-protect). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { PRICE_PROTECT_SOURCES, PRICE_PROTECT_STATUSES, type PriceProtectSource, type PriceProtectStatus } from '../../../domain/price-protect';
import { createdAt, isOneOf, updatedAt } from './columns';
import { users } from './accounts';
import { orderItems, orders } from './order';
import { skuPriceHistory } from './catalog';
import { refunds } from './refund';

/**
 * One 价保 claim of an order line (docs/rules.md#价保): the lowest price it was measured against (a row
 * of the option's price history), the units kept, what they were paid, and the refund that gives the
 * difference back. Its state follows the refund's (refund-settled flow).
 */
export const priceProtectClaims = pgTable(
  'price_protect_claims',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    skuId: integer('sku_id').notNull(),
    /** The price drop claimed: the history row of the lowest price since payment. */
    priceHistoryId: integer('price_history_id')
      .notNull()
      .references(() => skuPriceHistory.id),
    lowPriceFen: integer('low_price_fen').notNull(),
    /** What one kept unit was paid (its share after coupons), for the screens; the amount is exact from the line's split. */
    paidUnitFen: integer('paid_unit_fen').notNull(),
    quantity: integer('quantity').notNull(),
    amountFen: integer('amount_fen').notNull(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id),
    status: varchar('status', { length: 16 }).$type<PriceProtectStatus>().notNull().default('refunding'),
    source: varchar('source', { length: 8 }).$type<PriceProtectSource>().notNull().default('line'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One claim per line and price drop that is not refused by the provider: the once-guard of 价保, so
    // any number of claims at once refund once.
    uniqueIndex('price_protect_claims_once').on(t.orderItemId, t.priceHistoryId).where(sql`${t.status} <> 'failed'`),
    uniqueIndex('price_protect_claims_refund_uq').on(t.refundId),
    index('price_protect_claims_user_idx').on(t.userId, t.createdAt),
    index('price_protect_claims_order_idx').on(t.orderId),
    index('price_protect_claims_created_idx').on(t.createdAt),
    check('price_protect_claims_status_chk', isOneOf(t.status, PRICE_PROTECT_STATUSES)),
    check('price_protect_claims_source_chk', isOneOf(t.source, PRICE_PROTECT_SOURCES)),
    check('price_protect_claims_amount_chk', sql`${t.amountFen} > 0 and ${t.quantity} > 0`),
  ],
);
