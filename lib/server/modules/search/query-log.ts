/**
 * The query log (docs/rules.md#search): per China-time day and normalised query, how many searches
 * asked it and how many found nothing. Nothing about who searched is stored: no user, no address, no
 * time of day. From it come 热门搜索 and the console's 搜索 statistics.
 */
import 'server-only';
import { and, desc, gt, gte, sql } from 'drizzle-orm';
import { SEARCH_MAX } from '../../../domain/catalog-rules';
import { POPULAR_QUERY_DAYS, POPULAR_QUERY_MIN_SEARCHES } from '../../../domain/search-words';
import { DAY_MS, shopDay } from '../../../domain/shop-time';
import { normalizeSearch } from '../../../domain/search-words';
import { getDb } from '../../db/client';
import { searchQueryDays, searchSynonyms } from '../../db/schema';

/**
 * A search as the log keeps it: normalised and lowered (ＥＲＪＩ counts as erji), within SEARCH_MAX even
 * where lowering lengthens a letter (İ).
 */
const loggedQuery = (q: string): string => normalizeSearch(q).toLowerCase().slice(0, SEARCH_MAX).trim();

/** One search, counted on today's row of its query; `found` whether it found any product. */
export async function logSearch(q: string, found: boolean): Promise<void> {
  const query = loggedQuery(q);
  if (!query) return;
  const empty = found ? 0 : 1;
  await (await getDb())
    .insert(searchQueryDays)
    .values({ day: shopDay(), query, searches: 1, emptySearches: empty })
    .onConflictDoUpdate({
      target: [searchQueryDays.day, searchQueryDays.query],
      set: { searches: sql`${searchQueryDays.searches} + 1`, emptySearches: sql`${searchQueryDays.emptySearches} + ${empty}` },
    });
}

export type QueryCount = { query: string; searches: number; emptySearches: number; /** The product word a synonym already gives it, if any. */ synonym: string | null };

const since = (days: number) => shopDay(new Date(Date.now() - (days - 1) * DAY_MS));
const searches = sql<number>`sum(${searchQueryDays.searches})::int`;
const emptySearches = sql<number>`sum(${searchQueryDays.emptySearches})::int`;

/**
 * 热门搜索: the queries asked most over the last POPULAR_QUERY_DAYS days that found products (a query
 * that found nothing is never offered) and were asked at least POPULAR_QUERY_MIN_SEARCHES times.
 */
export async function listPopularQueries(limit: number): Promise<string[]> {
  const rows = await (await getDb())
    .select({ query: searchQueryDays.query })
    .from(searchQueryDays)
    .where(gte(searchQueryDays.day, since(POPULAR_QUERY_DAYS)))
    .groupBy(searchQueryDays.query)
    .having(and(gte(searches, POPULAR_QUERY_MIN_SEARCHES), gt(sql`${searches} - ${emptySearches}`, 0)))
    .orderBy(desc(searches), searchQueryDays.query)
    .limit(limit);
  return rows.map((r) => r.query);
}

/** The console's 搜索 statistics over the last `days` days: the top queries, and those that found nothing. */
export async function searchQueryStats(days: number, limit: number): Promise<{ top: QueryCount[]; empty: QueryCount[] }> {
  const db = await getDb();
  const base = () =>
    db
      .select({ query: searchQueryDays.query, searches, emptySearches })
      .from(searchQueryDays)
      .where(gte(searchQueryDays.day, since(days)))
      .groupBy(searchQueryDays.query)
      .$dynamic();
  const [top, empty, synonyms] = await Promise.all([
    base().orderBy(desc(searches), searchQueryDays.query).limit(limit),
    base().having(gt(emptySearches, 0)).orderBy(desc(emptySearches), searchQueryDays.query).limit(limit),
    db.select({ word: searchSynonyms.word, target: searchSynonyms.target }).from(searchSynonyms),
  ]);
  const target = new Map(synonyms.map((s) => [s.word, s.target]));
  const withSynonym = (rows: Omit<QueryCount, 'synonym'>[]) => rows.map((r) => ({ ...r, synonym: target.get(r.query) ?? null }));
  return { top: withSynonym(top), empty: withSynonym(empty) };
}
