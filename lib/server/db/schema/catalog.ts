/** Categories, products and their options (module catalog). Only catalog writes `skus.stock`. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { PRICE_PROTECT_DAYS_DEFAULT, PRICE_PROTECT_DAYS_MAX } from '../../../domain/price-protect';
import { PRODUCT_KINDS, type ProductKind } from '../../../domain/product-kind';
import type { ProductImage } from '../../../domain/product-image';
import { createdAt, updatedAt, isOneOf, type ProductSpec } from './columns';

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: varchar('slug', { length: 40 }).notNull().unique(),
  name: varchar('name', { length: 40 }).notNull(),
  description: text('description').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    slug: varchar('slug', { length: 60 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    subtitle: varchar('subtitle', { length: 200 }).notNull().default(''),
    kind: varchar('kind', { length: 16 }).$type<ProductKind>().notNull().default('device'),
    description: text('description').notNull().default(''),
    highlights: jsonb('highlights').$type<string[]>().notNull().default([]),
    specs: jsonb('specs').$type<ProductSpec[]>().notNull().default([]),
    images: jsonb('images').$type<ProductImage[]>().notNull().default([]),
    seoTitle: varchar('seo_title', { length: 120 }).notNull(),
    seoDescription: varchar('seo_description', { length: 300 }).notNull(),
    seoKeywords: varchar('seo_keywords', { length: 300 }).notNull(),
    landingPath: varchar('landing_path', { length: 60 }),
    onSale: boolean('on_sale').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    // 价保's window in days from payment, set by the operator; 0 = none (docs/rules.md#价保).
    priceProtectDays: integer('price_protect_days').notNull().default(PRICE_PROTECT_DAYS_DEFAULT),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // A search's words (docs/rules.md#search), cut in JS by the catalog's writers (lib/server/words/
    // product-words.ts): the seed, the console's edit, and at start every row cut with another version.
    nameWords: text('name_words').array().notNull().default(sql`'{}'::text[]`),
    subtitleWords: text('subtitle_words').array().notNull().default(sql`'{}'::text[]`),
    searchWords: text('search_words').array().notNull().default(sql`'{}'::text[]`),
    // The segmenter's version the words were cut with; null: not cut yet (a row written by other means).
    searchIndexVersion: varchar('search_index_version', { length: 16 }),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    index('products_search_words_idx').using('gin', t.searchWords),
    check('products_kind_chk', isOneOf(t.kind, PRODUCT_KINDS)),
    check('products_price_protect_days_chk', sql`${t.priceProtectDays} between 0 and ${sql.raw(String(PRICE_PROTECT_DAYS_MAX))}`),
  ],
);

export const skus = pgTable(
  'skus',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 40 }).notNull().unique(),
    name: varchar('name', { length: 60 }).notNull(),
    priceFen: integer('price_fen').notNull(),
    listPriceFen: integer('list_price_fen').notNull(),
    stock: integer('stock').notNull().default(0),
    // The option's own picture (a colour's photo); null: the product's first image.
    image: varchar('image', { length: 200 }),
    onSale: boolean('on_sale').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('skus_product_idx').on(t.productId),
    check('skus_stock_chk', sql`${t.stock} >= 0`),
    check('skus_price_chk', sql`${t.priceFen} > 0 and ${t.listPriceFen} >= ${t.priceFen}`),
  ],
);

/**
 * Every price an option sold for, from `from` until its next row (docs/rules.md#价保): written in the
 * transaction of the one writer of `skus.price_fen` (the console's 价格和库存, updateSku) and by the seed
 * for a new option; the migration wrote each option's price then. The shop has no promotions apart
 * from the option's price, so this is what 价保 compares a paid line with.
 */
export const skuPriceHistory = pgTable(
  'sku_price_history',
  {
    id: serial('id').primaryKey(),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    priceFen: integer('price_fen').notNull(),
    from: timestamp('from', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sku_price_history_sku_idx').on(t.skuId, t.from), check('sku_price_history_price_chk', sql`${t.priceFen} > 0`)],
);
