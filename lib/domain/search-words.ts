/**
 * The search's words (docs/rules.md#search): the shop's own dictionary of product words, the words a
 * search leaves out, the synonyms a new shop starts with, and how a matched word is marked in a card's
 * text. Pure and browser-safe: the server's segmenter, the seed and the product cards share them.
 */
import { SEARCH_MAX } from './catalog-rules';
import { stripControl } from './control-chars';

/**
 * Product words the general dictionary does not know as one word. Each becomes one word of a product's
 * text and of a search (量子加密耳机 is 量子加密 + 耳机), and its parts are indexed too (量子, 加密), so a
 * search for either finds it. A word added here is in every product's words at the next start
 * (SEARCH_INDEX_VERSION in lib/server/search/product-words.ts follows this list).
 */
export const SHOP_DICTIONARY: readonly string[] = [
  '量盾',
  '量子加密',
  '量子密钥',
  '量子安全',
  '移动硬盘',
  '头戴耳机',
  '入耳耳机',
  '真无线',
  '量子邮箱',
  '量子钉',
  '量子会议',
  '量子身份',
  '主动降噪',
  '免密登录',
  '一次一密',
  '远程销毁',
  '指纹解锁',
  '口令解锁',
  '青春版',
];

/** Words a search drops before matching: they say nothing about a product. */
export const STOP_WORDS: ReadonlySet<string> = new Set(['的', '了', '和', '与', '及', '或', '是', '在', '有', '我', '要', '买', '个', '款', '一个', '一款', '想', '请问', '我要', '我想', '想要', '购买', '求', '推荐', '一下']);

/** A synonym's word and its product word: at most this many characters each. */
export const SYNONYM_WORD_MAX = 20;

export type HighlightPart = { text: string; hit: boolean };

/**
 * A card's text cut at the matched words (longest first, Latin in any case): the parts a screen shows,
 * the hits marked. Plain strings: the screen renders them as text, never as HTML.
 */
export function highlightParts(text: string, words: readonly string[]): HighlightPart[] {
  const terms = [...new Set(words.map((w) => w.toLowerCase()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (terms.length === 0 || !text) return [{ text, hit: false }];
  const lower = text.toLowerCase();
  const parts: HighlightPart[] = [];
  let plain = '';
  // toLowerCase keeps the length of the shop's text (CJK, ASCII), so positions in `lower` are those of `text`.
  const sameLength = lower.length === text.length;
  for (let i = 0; i < text.length; ) {
    const hit = sameLength ? terms.find((t) => lower.startsWith(t, i)) : undefined;
    if (hit) {
      if (plain) parts.push({ text: plain, hit: false });
      plain = '';
      parts.push({ text: text.slice(i, i + hit.length), hit: true });
      i += hit.length;
    } else {
      plain += text[i];
      i += 1;
    }
  }
  if (plain) parts.push({ text: plain, hit: false });
  return parts;
}

/** Whether two words differ in exactly one character, same length (耳机 / 耳鸡): a typo the search corrects. */
export function oneCharOff(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (x.length !== y.length) return false;
  let diff = 0;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i] && ++diff > 1) return false;
  return diff === 1;
}

/** Whether `a` becomes `b` by one insertion, deletion or change of one letter (pinyin typed: erjo → erji). */
export function oneEditOff(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) return oneCharOff(a, b);
  const [s, l] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < s.length && s[i] === l[i]) i++;
  return s.slice(i) === l.slice(i + 1);
}

/** 热门搜索 counts the searches of the last this many days. */
export const POPULAR_QUERY_DAYS = 7;
/** A query is offered as 热门搜索 once asked at least this often in those days (one shopper's whim is not popular). */
export const POPULAR_QUERY_MIN_SEARCHES = 3;
/** 热门搜索 is recounted from the query log at most this often. */
export const POPULAR_REFRESH_SECONDS = 300;
/** How many 热门搜索 the search screen and the box offer. */
export const POPULAR_QUERIES_SHOWN = 10;
/** 历史搜索: the shopper's own searches the browser keeps. */
export const RECENT_SEARCHES_KEPT = 10;
/** Suggestions while typing: at most this many. */
export const SUGGESTIONS_SHOWN = 8;
/** The console's 搜索 statistics: over this many days, this many queries per table. */
export const SEARCH_STATS_DAYS = 30;
export const SEARCH_STATS_ROWS = 50;

/**
 * A search as the shop reads it: control characters dropped, full-width letters and digits made plain
 * (NFKC: "Ｑ１" is "Q1"), runs of spaces one space. Case stays as typed (it is shown back); matching
 * lowers it (lib/server/words/search-plan.ts).
 */
export function normalizeSearch(v: string): string {
  return stripControl(v.normalize('NFKC')).replace(/\s+/g, ' ').trim().slice(0, SEARCH_MAX).trim();
}
