/** Photo uploads and a shopper's tries (module uploads). */
import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, bytea } from './columns';
import { users } from './accounts';
import { afterSales } from './after-sales';

/**
 * Photos a shopper uploads (after-sales evidence), in the database so every instance of the shop
 * reads them; only the uploader and operators may. `afterSaleId` is set when a request takes it.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    afterSaleId: integer('after_sale_id').references(() => afterSales.id),
    contentType: varchar('content_type', { length: 20 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId, t.createdAt), index('uploads_after_sale_idx').on(t.afterSaleId)],
);

/**
 * A shopper's photo uploads tried in the last hour, refused ones included (docs/after-sales.md#photos):
 * each try takes a row under the shopper's lock before the file is even looked at, so neither a burst
 * nor a stream of refused files passes UPLOADS_PER_USER_HOUR. Rows older than the hour are deleted at
 * the shopper's next try.
 */
export const uploadTries = pgTable(
  'upload_tries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    triedAt: timestamp('tried_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('upload_tries_user_idx').on(t.userId, t.triedAt)],
);
