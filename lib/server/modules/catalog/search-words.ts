/**
 * The catalog's search words: cut again at start for every product whose words are missing or were cut
 * with another segmenter version (docs/decisions/search.md#the-index), and the words the catalog knows,
 * which a search corrects typos and pinyin towards.
 */
import 'server-only';
import { eq, isNull, ne, or, sql } from 'drizzle-orm';
import { getDb, type DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { log } from '../../log';
import { productWords, SEARCH_INDEX_VERSION } from '../../words/product-words';

const stale = or(isNull(products.searchIndexVersion), ne(products.searchIndexVersion, SEARCH_INDEX_VERSION));

/** Products whose words are missing or old get them cut now, a batch at a time; answers how many. */
export async function reindexSearchWords(db?: DbOrTx, batch = 500): Promise<number> {
  const conn = db ?? (await getDb());
  let done = 0;
  for (;;) {
    const rows = await conn.select({ id: products.id, name: products.name, subtitle: products.subtitle, specs: products.specs }).from(products).where(stale).limit(batch);
    if (rows.length === 0) break;
    for (const r of rows) await conn.update(products).set(productWords(r)).where(eq(products.id, r.id));
    done += rows.length;
  }
  if (done > 0) log.info({ products: done, version: SEARCH_INDEX_VERSION }, 'search words cut again');
  return done;
}

/** A word of the catalog's on-sale products and how many of them have it. */
type VocabularyWord = { word: string; products: number };

/** Every word of the on-sale products' search words, the commonest first. */
export async function listSearchVocabulary(): Promise<VocabularyWord[]> {
  const db = await getDb();
  const word = sql<string>`w.word`;
  const rows = await db
    .select({ word, products: sql<number>`count(*)::int` })
    .from(sql`${products} cross join lateral unnest(${products.searchWords}) as w(word)`)
    .where(eq(products.onSale, true))
    .groupBy(word)
    .orderBy(sql`count(*) desc`, word);
  return rows;
}
