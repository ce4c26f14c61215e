/**
 * What a search looks for (docs/rules.md#search): its words, each with the product words that count for
 * it (synonyms, pinyin, a lone character's words), and, when the literal search finds nothing, the
 * correction offered as 「您是不是要找」. Pure over its inputs (the synonyms and the catalog's words), so
 * the unit tests run it on tables of queries.
 */
import 'server-only';
import { oneCharOff, oneEditOff } from '../../domain/search-words';
import { normalizeSearch } from '../../domain/search-words';
import { isHanWord, pinyinKeys, queryWords, wordParts } from './segmenter';

/** The catalog's words, with their pinyin, built once per reading of the catalog. */
export type Vocabulary = {
  /** word → how many on-sale products have it. */
  count: ReadonlyMap<string, number>;
  /** full pinyin (erji) → the Chinese words spelt so, commonest first. */
  byPinyin: ReadonlyMap<string, string[]>;
  /** initials (ej) → the Chinese words of as many characters, commonest first. */
  byInitials: ReadonlyMap<string, string[]>;
  /** The Chinese words, commonest first (typos: one character off). */
  hanWords: readonly string[];
};

/** Initials stand for a word of 2 to this many characters (ej → 耳机); longer runs of initials say too little. */
const INITIALS_MAX = 4;
/** A lone character stands for at most this many of the catalog's words that hold it (盘 → 硬盘, 移动硬盘 …). */
const CHARACTER_WORDS_MAX = 30;

export function buildVocabulary(words: readonly { word: string; products: number }[]): Vocabulary {
  const count = new Map<string, number>();
  const byPinyin = new Map<string, string[]>();
  const byInitials = new Map<string, string[]>();
  const hanWords: string[] = [];
  const sorted = [...words].sort((a, b) => b.products - a.products || a.word.localeCompare(b.word));
  const push = (m: Map<string, string[]>, k: string, w: string) => {
    const list = m.get(k);
    if (list) list.push(w);
    else m.set(k, [w]);
  };
  for (const { word, products } of sorted) {
    count.set(word, products);
    const keys = pinyinKeys(word);
    if (!keys) continue;
    hanWords.push(word);
    push(byPinyin, keys.full, word);
    if (word.length >= 2 && word.length <= INITIALS_MAX) push(byInitials, keys.initials, word);
  }
  return { count, byPinyin, byInitials, hanWords };
}

/** One word of a search: `text` as typed (lowered), `words` the product words any of which satisfies it. */
export type SearchTerm = { text: string; words: string[] };
export type SearchPlan = { terms: SearchTerm[]; highlight: string[] };

const LATIN = /^[a-z]+$/;

/** A word's stand-ins in the catalog: synonyms, the words its pinyin spells, a lone character's words. */
function termOf(word: string, synonyms: ReadonlyMap<string, string>, v: Vocabulary): SearchTerm[] {
  const words = [word];
  const target = synonyms.get(word);
  if (target) words.push(target);
  const known = v.count.has(word);
  if (!known && LATIN.test(word)) {
    words.push(...(v.byPinyin.get(word) ?? []));
    if (word.length >= 2 && word.length <= INITIALS_MAX) words.push(...(v.byInitials.get(word) ?? []).filter((w) => w.length === word.length));
  }
  if (!known && word.length === 1 && isHanWord(word)) words.push(...v.hanWords.filter((w) => w.length > 1 && w.includes(word)).slice(0, CHARACTER_WORDS_MAX));
  // A long word the catalog does not have whole but has every part of (量子耳机 → 量子 + 耳机): each part a word.
  if (words.length === 1 && !known && word.length >= 3 && isHanWord(word)) {
    const parts = wordParts(word);
    if (parts.length > 1 && parts.every((p) => v.count.has(p)) && parts.join('').length >= word.length) return parts.map((p) => ({ text: p, words: [p] }));
  }
  return [{ text: word, words: [...new Set(words)] }];
}

/** The pieces of a chunk of a search: a synonym's word kept whole (移动盘, not 移动 + 盘), the rest as typed. */
function splitAtSynonyms(chunk: string, keys: readonly string[]): { synonym?: string; text: string }[] {
  const out: { synonym?: string; text: string }[] = [];
  let rest = '';
  for (let i = 0; i < chunk.length; ) {
    const key = keys.find((k) => chunk.startsWith(k, i));
    if (key) {
      if (rest) out.push({ text: rest });
      rest = '';
      out.push({ synonym: key, text: key });
      i += key.length;
    } else {
      rest += chunk[i];
      i += 1;
    }
  }
  if (rest) out.push({ text: rest });
  return out;
}

const chunksOf = (q: string): string[] => normalizeSearch(q).toLowerCase().split(' ').filter(Boolean);
const longestFirst = (synonyms: ReadonlyMap<string, string>) => [...synonyms.keys()].sort((a, b) => b.length - a.length);

/** A search read as terms: every term must be found in a product's words (docs/rules.md#search). */
export function planSearch(q: string | undefined, synonyms: ReadonlyMap<string, string>, v: Vocabulary): SearchPlan {
  const keys = longestFirst(synonyms);
  const terms: SearchTerm[] = [];
  for (const chunk of chunksOf(q ?? '')) {
    for (const piece of splitAtSynonyms(chunk, keys)) {
      const found = piece.synonym ? [{ text: piece.text, words: [...new Set([piece.text, synonyms.get(piece.text)!])] }] : queryWords(piece.text).flatMap((w) => termOf(w, synonyms, v));
      for (const t of found) if (!terms.some((x) => x.words.join('\n') === t.words.join('\n'))) terms.push(t);
    }
  }
  const highlight = [...new Set(terms.flatMap((t) => t.words.filter((w) => v.count.has(w))))];
  return { terms, highlight };
}

/** The catalog's word a misspelt Chinese text most likely meant: same pinyin (耳几 → 耳机), else one character off. */
function correctHan(text: string, v: Vocabulary): string | null {
  if (text.length < 2 || v.count.has(text)) return null;
  const keys = pinyinKeys(text);
  const samePinyin = keys ? v.byPinyin.get(keys.full)?.find((w) => w !== text) : undefined;
  return samePinyin ?? v.hanWords.find((w) => oneCharOff(w, text)) ?? null;
}

/** The word a misspelt pinyin meant (erjo → 耳机): a Chinese word whose pinyin is one letter off. */
function correctLatin(text: string, v: Vocabulary): string | null {
  if (text.length < 4 || v.count.has(text) || v.byPinyin.has(text)) return null;
  for (const [spelt, words] of v.byPinyin) if (oneEditOff(spelt, text)) return words[0];
  return null;
}

/**
 * A chunk of a search corrected, or null. The whole chunk first; else each run of words the catalog does
 * not know or that are a lone character (jieba cuts a typo into characters: 耳几 → 耳 + 几), run by run.
 */
function correctChunk(chunk: string, synonyms: ReadonlyMap<string, string>, v: Vocabulary): string | null {
  if (synonyms.has(chunk) || v.count.has(chunk)) return null;
  if (LATIN.test(chunk)) return correctLatin(chunk, v);
  if (isHanWord(chunk)) {
    const whole = correctHan(chunk, v);
    if (whole) return whole;
  }
  const words = queryWords(chunk);
  let out = chunk;
  let changed = false;
  for (let i = 0; i < words.length; ) {
    const odd = (w: string) => isHanWord(w) && (w.length === 1 || (!v.count.has(w) && !synonyms.has(w)));
    if (!odd(words[i])) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < words.length && odd(words[j])) j += 1;
    const run = words.slice(i, j).join('');
    const fixed = out.includes(run) ? correctHan(run, v) : null;
    if (fixed) {
      out = out.replace(run, fixed);
      changed = true;
    }
    i = j;
  }
  return changed ? out : null;
}

/** The search as the shopper likely meant it (耳几 → 耳机), or null when nothing in it looks misspelt. */
export function correctSearch(q: string | undefined, synonyms: ReadonlyMap<string, string>, v: Vocabulary): string | null {
  const chunks = chunksOf(q ?? '');
  let changed = false;
  const fixed = chunks.map((c) => {
    const f = correctChunk(c, synonyms, v);
    if (f && f !== c) changed = true;
    return f ?? c;
  });
  return changed ? fixed.join(' ') : null;
}

/**
 * The plan without the one term no product has (耳机 正品 → 耳机), when the rest are words the catalog
 * has (a lone character's stand-ins are no such evidence); else null: a search of unknown words finds nothing.
 */
export function relaxPlan(plan: SearchPlan, v: Vocabulary): SearchPlan | null {
  const known = (t: SearchTerm) => t.text.length > 1 && t.words.some((w) => v.count.has(w));
  const kept = plan.terms.filter(known);
  if (kept.length === 0 || plan.terms.length - kept.length !== 1) return null;
  return { terms: kept, highlight: plan.highlight.filter((w) => kept.some((t) => t.words.includes(w))) };
}
