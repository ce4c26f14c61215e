/** 评价 and their photos (module reviews, docs/reviews.md). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { orders, orderItems } from './order';
import { uploads } from './uploads';

/**
 * 评价: one per order line, by its buyer (docs/reviews.md). The option bought is copied from the line;
 * a 追评 is a second text on the same row. A hidden review (the operator's, with a reason) is shown to
 * nobody but its author and the console, and counts in no average.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull(),
    skuId: integer('sku_id').notNull(),
    skuName: varchar('sku_name', { length: 60 }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    rating: integer('rating').notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    photoCount: integer('photo_count').notNull().default(0),
    appendContent: varchar('append_content', { length: 500 }),
    appendedAt: timestamp('appended_at', { withTimezone: true }),
    reply: varchar('reply', { length: 500 }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: varchar('hidden_reason', { length: 100 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_order_item_uq').on(t.orderItemId),
    index('reviews_product_idx').on(t.productId, t.createdAt),
    index('reviews_user_idx').on(t.userId, t.createdAt),
    check('reviews_rating_chk', sql`${t.rating} between 1 and 5`),
  ],
);

/** A review's photos (uploads the author made), in the order given; `appended` for the 追评's. */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    uploadId: varchar('upload_id', { length: 32 })
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    appended: boolean('appended').notNull().default(false),
  },
  (t) => [uniqueIndex('review_photos_upload_uq').on(t.uploadId), index('review_photos_review_idx').on(t.reviewId, t.id)],
);
