/**
 * A product's search words (docs/rules.md#search), as the catalog's writers store them: the words of
 * its name, of its subtitle, and all of them with the specs' values (not their labels), which a search
 * matches. Ranking reads where a word is: name above subtitle above specs.
 */
import 'server-only';
import { createHash } from 'node:crypto';
import { SHOP_DICTIONARY } from '../../domain/search-words';
import { indexWords } from './segmenter';

export type ProductText = { name: string; subtitle: string; specs: readonly { value: string }[] };
export type ProductWords = { nameWords: string[]; subtitleWords: string[]; searchWords: string[]; searchIndexVersion: string };

/**
 * What the stored words were cut with: the segmenter's rules (the number, raised when they change) and
 * the shop's dictionary. A row of another version is cut again at the next start (the catalog's
 * reindexSearchWords), so a word added to the dictionary reaches every product without a migration.
 */
const SEGMENTER_RULES = 1;
export const SEARCH_INDEX_VERSION = createHash('sha1').update(`${SEGMENTER_RULES}\n${SHOP_DICTIONARY.join('\n')}`).digest('hex').slice(0, 12);

export function productWords(p: ProductText): ProductWords {
  const nameWords = indexWords(p.name);
  const subtitleWords = indexWords(p.subtitle);
  const specWords = p.specs.flatMap((s) => indexWords(s.value));
  return { nameWords, subtitleWords, searchWords: [...new Set([...nameWords, ...subtitleWords, ...specWords])], searchIndexVersion: SEARCH_INDEX_VERSION };
}
