/**
 * Chinese words of a text (docs/decisions/search.md): jieba (@node-rs/jieba, the general dictionary)
 * with the shop's own product words (SHOP_DICTIONARY), and their pinyin (pinyin-pro).
 *
 * A product's text is cut in search mode (量子加密耳机 → 量子加密, 量子, 加密, 耳机), so a search for the
 * whole word or for a part finds it; a search is cut plainly (量子加密耳机 → 量子加密 + 耳机), each of its
 * words then to be found among the product's. Both lower Latin letters after cutting (the dictionary
 * knows U盘, not u盘) and keep only words with a letter or a digit.
 */
import 'server-only';
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { pinyin } from 'pinyin-pro';
import { SHOP_DICTIONARY, STOP_WORDS } from '../../domain/search-words';

/** A frequency that makes jieba keep a shop word whole rather than in the general dictionary's parts. */
const SHOP_WORD_FREQ = 200_000;

let jieba: Jieba | null = null;

/** Loaded on first use (the general dictionary takes about 0.2 s to read), then kept for the process. */
function segmenter(): Jieba {
  if (!jieba) {
    jieba = Jieba.withDict(dict);
    jieba.loadDict(Buffer.from(SHOP_DICTIONARY.map((w) => `${w} ${SHOP_WORD_FREQ} n`).join('\n')));
  }
  return jieba;
}

const WORDISH = /[\p{L}\p{N}]/u;
const ALL_HAN = /^\p{Script=Han}+$/u;

/** NFKC (full-width Ｑ１ is Q1), control characters and the rest that is no word become spaces. */
function clean(text: string): string {
  return text.normalize('NFKC').replace(/[\p{C}]/gu, ' ');
}

/** Inside a word only letters, digits and a decimal point stay: jieba keeps AES-256 whole, a search may write AES 256. */
const JOINER = /[^\p{L}\p{N}.]+/u;

function keep(words: string[], dropStop: boolean): string[] {
  const out: string[] = [];
  for (const raw of words) {
    for (const part of raw.toLowerCase().split(JOINER)) {
      const w = part.replace(/^\.+|\.+$/g, '');
      if (!w || !WORDISH.test(w) || (dropStop && STOP_WORDS.has(w))) continue;
      if (!out.includes(w)) out.push(w);
    }
  }
  return out;
}

/** The words a product's text is found by: every word and, of a long one, its dictionary parts. */
export function indexWords(text: string): string[] {
  return keep(segmenter().cutForSearch(clean(text), true), false);
}

/** A search's words, in order: cut plainly, stop words (的, 款 …) dropped. */
export function queryWords(text: string): string[] {
  return keep(segmenter().cut(clean(text), true), true);
}

/** The parts of a word the index also holds (量子加密 → 量子, 加密), the word itself excluded. */
export function wordParts(word: string): string[] {
  return keep(segmenter().cutForSearch(word, true), true).filter((w) => w !== word);
}

export const isHanWord = (word: string): boolean => ALL_HAN.test(word);

/** A Chinese word's pinyin without tones: in full (耳机 → erji) and its initials (ej). Null for any other word. */
export function pinyinKeys(word: string): { full: string; initials: string } | null {
  if (!isHanWord(word)) return null;
  const syllables = pinyin(word, { toneType: 'none', type: 'array' });
  return { full: syllables.join(''), initials: syllables.map((s) => s[0] ?? '').join('') };
}
