/**
 * The search box's suggestions while typing: the catalog's words and products' names a prefix completes.
 *
 * The search box's suggestions while typing (GET /search/suggest, docs/api.md#search): the catalog's
 * words that begin with what was typed, or whose pinyin does (erj → 耳机, lz → 量子), the commonest
 * first; and the on-sale products whose name holds it or one of those words. Cached per prefix under the
 * catalog's and the search's tags (product-cards-cached.ts), so typing costs a cache read.
 */
import 'server-only';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { SUGGESTIONS_SHOWN } from '../../domain/search-words';
import { normalizeSearch } from '../../domain/search-words';
import { getDb } from '../db/client';
import { products } from '../db/schema';
import { isHanWord, pinyinKeys } from '../words/segmenter';
import { searchContext } from './search-context';

export type Suggestions = { words: string[]; products: { id: number; name: string }[] };

/** Products named at most: the words come first, a few names after them. */
const NAMES_SHOWN = 4;

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function suggestSearch(typed: string): Promise<Suggestions> {
  const prefix = normalizeSearch(typed).toLowerCase();
  if (!prefix) return { words: [], products: [] };
  const { vocabulary } = await searchContext();
  const latin = /^[a-z]+$/.test(prefix);
  const words: string[] = [];
  // The vocabulary is commonest first: the first matches are the best.
  for (const w of vocabulary.count.keys()) {
    if (words.length >= SUGGESTIONS_SHOWN) break;
    if (w.length < 2 || w === prefix) continue;
    const keys = latin && isHanWord(w) ? pinyinKeys(w) : null;
    if (w.startsWith(prefix) || (keys && (keys.full.startsWith(prefix) || (prefix.length >= 2 && keys.initials === prefix)))) words.push(w);
  }
  if (vocabulary.count.has(prefix) && prefix.length > 1) words.unshift(prefix);
  const named = [prefix, ...words].slice(0, 4);
  const rows = await (await getDb())
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.onSale, true), or(...named.map((w) => sql`lower(${products.name}) like ${`%${escapeLike(w)}%`}`))))
    .orderBy(asc(products.sort), asc(products.id))
    .limit(NAMES_SHOWN);
  return { words: words.slice(0, SUGGESTIONS_SHOWN), products: rows };
}
