import { z } from 'zod';
import { SYNONYM_WORD_MAX } from '../domain/search-words';
import { normalizeSearch } from '../domain/search-words';
import { text } from './fields';

/** A word of a synonym as a search reads it: normalised (full-width made plain), lowered, one word (no space). */
function synonymWord(label: string) {
  return text(label, { max: SYNONYM_WORD_MAX, oneLine: true })
    .overwrite((v) => normalizeSearch(v).toLowerCase())
    .refine((v) => v.length > 0, `请填写${label}`)
    .refine((v) => v.length <= SYNONYM_WORD_MAX, `${label}不能超过 ${SYNONYM_WORD_MAX} 个字`)
    .refine((v) => !v.includes(' '), `${label}请只填一个词，不要带空格`);
}

/** 同义词 in the console: the shopper's word and the product word it means (docs/rules.md#search). */
export const synonymSchema = z
  .object({ word: synonymWord('搜索词'), target: synonymWord('对应的商品词') })
  .refine((v) => v.word !== v.target, { path: ['target'], message: '搜索词和商品词不能相同' });

/** The suggestion box's prefix and the query log's beacon: a search as the box sends it. */
export const searchTextSchema = z.object({ q: z.string({ error: '请填写搜索词' }).overwrite(normalizeSearch).pipe(z.string().min(1, '请填写搜索词')) });
