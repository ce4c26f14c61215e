/**
 * 同义词 (docs/rules.md#search): a shopper's word → the product word it means (移动盘 → 移动硬盘), kept by
 * the operator in the console and applied to every search when it runs, so a change needs no re-indexing.
 * The searches' cache is tagged `search`: a change here is on the next search at once.
 */
import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { unstable_cache } from 'next/cache';
import { synonymSchema } from '../../../validation/search';
import { CACHE_TAGS } from '../../cache/cache-tags';
import { searchChanged } from '../../cache/cache-revalidate';
import { getDb, withTx } from '../../db/client';
import { searchSynonyms } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { isUniqueViolation } from '../../db/unique';
import { writeAudit } from '../audit';

type Synonym = { id: number; word: string; target: string };

const columns = { id: searchSynonyms.id, word: searchSynonyms.word, target: searchSynonyms.target };

export async function listSynonyms(): Promise<Synonym[]> {
  return (await getDb()).select(columns).from(searchSynonyms).orderBy(asc(searchSynonyms.word));
}

/** The synonyms as a search applies them, [word, target] pairs (a Map does not pass through the cache). */
export const cachedSynonymPairs = unstable_cache(async () => (await listSynonyms()).map((s) => [s.word, s.target] as [string, string]), ['search-synonyms'], {
  tags: [CACHE_TAGS.search],
});

export async function addSynonym(actorUserId: number, input: unknown): Promise<Synonym> {
  const v = synonymSchema.parse(input);
  const row = await withTx(async (tx) => {
    try {
      const [s] = await tx.insert(searchSynonyms).values(v).returning(columns);
      await writeAudit(tx, { actorUserId, action: 'synonym.add', entity: 'search_synonym', entityId: s.word, before: null, after: { target: s.target } });
      return s;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`「${v.word}」已有同义词，请先删除原来的再添加`);
      throw err;
    }
  });
  searchChanged();
  return row;
}

export async function removeSynonym(actorUserId: number, id: number): Promise<void> {
  await withTx(async (tx) => {
    const [s] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning(columns);
    if (!s) throw notFound('同义词不存在');
    await writeAudit(tx, { actorUserId, action: 'synonym.remove', entity: 'search_synonym', entityId: s.word, before: { target: s.target }, after: null });
  });
  searchChanged();
}
