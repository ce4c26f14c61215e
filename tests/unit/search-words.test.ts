/**
 * The search's reading of Chinese (docs/rules.md#search), on the seeded catalog's words: the segmenter
 * with the shop's dictionary, synonyms and pinyin as stand-ins, typo corrections, and the cards' marks.
 */
import { describe, expect, it } from 'vitest';
import { highlightParts, oneCharOff, oneEditOff } from '@/lib/domain/search-words';
import { SEED_PRODUCTS } from '@/lib/server/db/seed-catalog';
import { productWords } from '@/lib/server/words/product-words';
import { correctSearch, planSearch, relaxPlan } from '@/lib/server/words/search-plan';
import { buildVocabulary } from '@/lib/server/words/search-plan';
import { indexWords, pinyinKeys, queryWords } from '@/lib/server/words/segmenter';

const counts = new Map<string, number>();
for (const p of SEED_PRODUCTS) for (const w of productWords(p).searchWords) counts.set(w, (counts.get(w) ?? 0) + 1);
const vocabulary = buildVocabulary([...counts].map(([word, products]) => ({ word, products })));
const synonyms = new Map([
  ['移动盘', '移动硬盘'],
  ['u盘', '移动硬盘'],
  ['耳麦', '耳机'],
  ['头戴式', '头戴'],
]);
const plan = (q: string) => planSearch(q, synonyms, vocabulary);
/** The product words each term of a search accepts. */
const termWords = (q: string) => plan(q).terms.map((t) => t.words);

describe('the segmenter with the shop dictionary', () => {
  it.each([
    ['量盾 量子加密耳机 Q1', ['量盾', '量子加密', '耳机', 'q1']],
    ['量子加密移动硬盘', ['量子加密', '移动硬盘']],
    ['量子加密头戴耳机', ['量子加密', '头戴耳机']],
    ['量子邮箱', ['量子邮箱']],
    ['ＬＤ－Ｑ１', ['ld', 'q1']],
    ['我要买一款降噪的耳机', ['降噪', '耳机']],
  ])('a search 「%s」 is the words %j', (q, words) => {
    expect(queryWords(q)).toEqual(words);
  });

  it.each([
    ['量子加密耳机', ['量子', '加密', '量子加密', '耳机']],
    ['量子加密移动硬盘', ['移动', '硬盘', '移动硬盘']],
    ['量子加密头戴耳机', ['头戴', '耳机', '头戴耳机']],
  ])("a product's 「%s」 is found by its words and their parts", (text, words) => {
    expect(indexWords(text)).toEqual(expect.arrayContaining(words));
  });

  it("every seeded product's name words are in its search words, name before subtitle before specs", () => {
    for (const p of SEED_PRODUCTS) {
      const w = productWords(p);
      expect(w.searchWords.slice(0, w.nameWords.length)).toEqual(w.nameWords);
      expect(w.searchWords).toEqual(expect.arrayContaining(w.subtitleWords));
    }
  });
});

describe('synonyms and pinyin', () => {
  it.each([
    ['移动盘', [['移动盘', '移动硬盘']]],
    ['U盘', [['u盘', '移动硬盘']]],
    ['量子移动盘', [['量子'], ['移动盘', '移动硬盘']]],
    ['耳麦', [['耳麦', '耳机']]],
    ['头戴式耳机', [['头戴式', '头戴'], ['耳机']]],
  ])('「%s」 accepts %j', (q, words) => {
    expect(termWords(q)).toEqual(words);
  });

  it.each([
    ['erji', '耳机'],
    ['ej', '耳机'],
    ['yidongyingpan', '移动硬盘'],
    ['liangzi', '量子'],
    ['toudai', '头戴'],
  ])('the pinyin 「%s」 finds %s', (q, word) => {
    expect(termWords(q)[0]).toContain(word);
    expect(plan(q).highlight).toContain(word);
  });

  it('a Latin word the catalog has is itself, not pinyin (q1, aes, ld)', () => {
    for (const q of ['q1', 'aes', 'ld']) expect(termWords(q)).toEqual([[q]]);
  });

  it('pinyin of a word: full and initials; none for a Latin word', () => {
    expect(pinyinKeys('耳机')).toEqual({ full: 'erji', initials: 'ej' });
    expect(pinyinKeys('q1')).toBeNull();
  });
});

describe('typo correction (「您是不是要找」)', () => {
  it.each([
    ['耳几', '耳机'],
    ['耳鸡', '耳机'],
    ['移动硬盆', '移动硬盘'],
    ['量子加密耳几', '量子加密耳机'],
    ['q1 耳几', 'q1 耳机'],
    ['erjo', '耳机'],
  ])('「%s」 → 「%s」', (q, meant) => {
    expect(correctSearch(q, synonyms, vocabulary)).toBe(meant);
  });

  it.each(['耳机', '移动盘', 'q1', '量子加密移动硬盘'])('a search without typo has no correction: %s', (q) => {
    expect(correctSearch(q, synonyms, vocabulary)).toBeNull();
  });

  it('words no product has are dropped when the others are known (正品), never all of them', () => {
    expect(relaxPlan(plan('耳机 正品'), vocabulary)?.terms.map((t) => t.text)).toEqual(['耳机']);
    expect(relaxPlan(plan('正品'), vocabulary)).toBeNull();
  });

  it('one character off, one letter off', () => {
    expect(oneCharOff('耳机', '耳鸡')).toBe(true);
    expect(oneCharOff('耳机', '耳机')).toBe(false);
    expect(oneCharOff('耳机', '耳机线')).toBe(false);
    expect(oneEditOff('erji', 'erj')).toBe(true);
    expect(oneEditOff('erji', 'erjii')).toBe(true);
    expect(oneEditOff('erji', 'ejri')).toBe(false);
  });
});

describe('the marks of matched words', () => {
  it('cuts a name at the words, longest first, Latin in any case', () => {
    expect(highlightParts('量盾 量子加密耳机 Q1', ['耳机', '量子加密', 'q1'])).toEqual([
      { text: '量盾 ', hit: false },
      { text: '量子加密', hit: true },
      { text: '耳机', hit: true },
      { text: ' ', hit: false },
      { text: 'Q1', hit: true },
    ]);
    expect(highlightParts('<b>耳机</b>', ['耳机']).map((p) => p.text).join('')).toBe('<b>耳机</b>');
    expect(highlightParts('耳机', [])).toEqual([{ text: '耳机', hit: false }]);
  });
});
