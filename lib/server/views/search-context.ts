/**
 * What a search is read against: the operator's synonyms and the catalog's words with their pinyin.
 *
 * What a search is read against (lib/server/words/search-plan.ts): the operator's synonyms (search module,
 * tag `search`) and the words of the on-sale products (catalog module, tag `catalog`), both from the cache.
 * The pinyin of every word is worked out once per reading of the catalog's words, not once per search.
 */
import 'server-only';
import { cachedSearchVocabulary } from '../modules/catalog';
import { cachedSynonymPairs } from '../modules/search';
import { buildVocabulary, type Vocabulary } from '../words/search-plan';

export type SearchContext = { synonyms: ReadonlyMap<string, string>; vocabulary: Vocabulary };

let built: { stamp: string; vocabulary: Vocabulary } | null = null;

export async function searchContext(): Promise<SearchContext> {
  const [pairs, read] = await Promise.all([cachedSynonymPairs(), cachedSearchVocabulary()]);
  if (built?.stamp !== read.stamp) built = { stamp: read.stamp, vocabulary: buildVocabulary(read.words) };
  return { synonyms: new Map(pairs), vocabulary: built.vocabulary };
}
