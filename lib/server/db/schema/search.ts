/** The search's synonyms and its query log (module search). No shopper's identity is ever stored here. */
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** 同义词: a shopper's word (lowered, as a search is read) → the product word it means; one row per word. */
export const searchSynonyms = pgTable('search_synonyms', {
  id: serial('id').primaryKey(),
  word: varchar('word', { length: 20 }).notNull().unique(),
  target: varchar('target', { length: 20 }).notNull(),
  createdAt: createdAt(),
});

/**
 * The query log, per China-time day and normalised query (lowered): how many searches asked it and how
 * many of them found nothing. Counts only: no user, no address, no time finer than the day.
 */
export const searchQueryDays = pgTable(
  'search_query_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    query: varchar('query', { length: 50 }).notNull(),
    searches: integer('searches').notNull().default(0),
    emptySearches: integer('empty_searches').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.query] }), check('search_query_days_counts_chk', sql`${t.emptySearches} >= 0 and ${t.emptySearches} <= ${t.searches}`)],
);
