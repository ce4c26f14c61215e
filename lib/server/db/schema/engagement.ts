/** 收藏, 足迹 and 到货通知 (module engagement). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { products, skus } from './catalog';

/** 收藏: the lowest price of the product when it was saved, so the list can say 降价. */
export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    savedPriceFen: integer('saved_price_fen').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favorites_uq').on(t.userId, t.productId),
    index('favorites_user_idx').on(t.userId, t.createdAt),
    // A price lowered: the product's favorites saved above it are told (docs/messages.md#events).
    index('favorites_product_idx').on(t.productId, t.savedPriceFen),
  ],
);

/** 足迹: a logged-in shopper's last view of each product (at most HISTORY_KEPT per shopper). */
export const browseHistory = pgTable(
  'browse_history',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('browse_history_uq').on(t.userId, t.productId), index('browse_history_user_idx').on(t.userId, t.viewedAt)],
);

/** 到货通知: a shopper asked for an SMS when a sold-out option is back; notifiedAt once it was sent. */
export const stockNotices = pgTable(
  'stock_notices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_notices_waiting_uq').on(t.userId, t.skuId).where(sql`${t.notifiedAt} is null`),
    index('stock_notices_sku_idx').on(t.skuId).where(sql`${t.notifiedAt} is null`),
  ],
);
