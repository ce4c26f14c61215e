/**
 * Search that understands Chinese shoppers (docs/rules.md#search), on both databases through the API:
 * synonyms (移动盘 → 移动硬盘), typos answered with 「您是不是要找」, pinyin, the console's 同义词 applied
 * to the next search at once, suggestions while typing, and the query log: one count per beacon, no identity.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getProducts } from '@/app/api/v1/products/route';
import { DELETE as synonymDelete } from '@/app/api/v1/admin/search/synonyms/[id]/route';
import { GET as synonymsGet, POST as synonymsPost } from '@/app/api/v1/admin/search/synonyms/route';
import { GET as statsGet } from '@/app/api/v1/admin/search/stats/route';
import { GET as auditGet } from '@/app/api/v1/admin/audit/route';
import { POST as logPost } from '@/app/api/v1/search/log/route';
import { GET as popularGet } from '@/app/api/v1/search/popular/route';
import { GET as suggestGet } from '@/app/api/v1/search/suggest/route';
import { GET as suggestPathGet } from '@/app/api/v1/search/suggest/[q]/route';
import { getDb } from '@/lib/server/db/client';
import { searchQueryDays } from '@/lib/server/db/schema';
import { SEED_PRODUCTS } from '@/lib/server/db/seed-catalog';
import { loginOperator } from './admin-session';
import { envelope, get, HAN } from './helpers';
import { ctx, fails, loginNew, ok, req } from './session';

type Item = { id: number; name: string; subtitle: string };
type ListPage = { items: Item[]; total: number; highlight: string[]; didYouMean?: string };

async function search(q: string): Promise<ListPage> {
  const res = await getProducts(get(`/products?${new URLSearchParams({ q, pageSize: '100' })}`), undefined);
  expect(res.status, q).toBe(200);
  return (await envelope<ListPage>(res)).data!;
}

const ids = (p: { items: { id: number }[] }) => p.items.map((i) => i.id).sort();
const seeded = (word: string) =>
  SEED_PRODUCTS.filter((p) => p.name.includes(word))
    .map((p) => p.id)
    .sort();

describe('words, synonyms, pinyin and typos', () => {
  it('移动盘 finds both 移动硬盘 (a seeded synonym) and marks 移动硬盘', async () => {
    const disks = seeded('移动硬盘');
    expect(disks).toHaveLength(2);
    const found = await search('移动盘');
    expect(ids(found)).toEqual(disks);
    expect(found.highlight).toContain('移动硬盘');
    expect(found.didYouMean).toBeUndefined();
  });

  it('耳几 finds the 耳机 products, with didYouMean 耳机', async () => {
    const found = await search('耳几');
    expect(found.didYouMean).toBe('耳机');
    expect(ids(found)).toEqual(ids(await search('耳机')));
    expect(found.total).toBeGreaterThanOrEqual(seeded('耳机').length);
    expect(found.highlight).toContain('耳机');
  });

  it('erji and ej (pinyin, full and initials) find the 耳机 products', async () => {
    const earphones = ids(await search('耳机'));
    expect(ids(await search('erji'))).toEqual(earphones);
    expect(ids(await search('ej'))).toEqual(earphones);
    expect((await search('erji')).didYouMean).toBeUndefined();
  });

  it('a name match ranks above a subtitle match', async () => {
    // 降噪: in the names of none, in some subtitles and some specs; 头戴: in names and a subtitle.
    const found = await search('头戴');
    const named = found.items.filter((i) => i.name.includes('头戴'));
    expect(named.length).toBeGreaterThan(0);
    expect(found.items.slice(0, named.length).every((i) => i.name.includes('头戴'))).toBe(true);
  });

  it('words no product has find nothing, without a correction', async () => {
    const found = await search('翡翠星链');
    expect(found).toMatchObject({ total: 0, items: [] });
    expect(found.didYouMean).toBeUndefined();
  });
});

describe('同义词 in the console', () => {
  it('a synonym added is applied to the next search at once; deleted, it is gone', async () => {
    const op = await loginOperator();
    expect((await search('静音神器')).total).toBe(0);
    const s = await ok<{ id: number; word: string; target: string }>(synonymsPost, req('POST', '/admin/search/synonyms', { word: '静音神器', target: '降噪' }, { token: op.token }));
    expect(s).toMatchObject({ word: '静音神器', target: '降噪' });
    const found = await search('静音神器');
    expect(ids(found)).toEqual(ids(await search('降噪')));
    expect(found.total).toBeGreaterThan(0);
    const list = await ok<{ items: { word: string }[] }>(synonymsGet, req('GET', '/admin/search/synonyms', undefined, { token: op.token }));
    expect(list.items.map((i) => i.word)).toEqual(expect.arrayContaining(['静音神器', '移动盘', '耳麦']));
    await ok(synonymDelete, req('DELETE', `/admin/search/synonyms/${s.id}`, undefined, { token: op.token }), ctx({ id: s.id }));
    expect((await search('静音神器')).total).toBe(0);
    // Both moves are in 操作日志, in words.
    const audit = await ok<{ items: { actionLabel: string; object: { label: string }; afterLines: string[] }[] }>(auditGet, req('GET', `/admin/audit?entity=search_synonym&entityId=${encodeURIComponent('静音神器')}`, undefined, { token: op.token }));
    expect(audit.items.map((a) => a.actionLabel)).toEqual(['删除搜索同义词', '添加搜索同义词']);
    expect(audit.items[1].object.label).toBe('同义词「静音神器」');
    expect(audit.items[1].afterLines).toContain('对应商品词：降噪');
  });

  it('refuses a word twice, an empty word, a word with a space, a word equal to its target (Chinese messages); a shopper gets 403', async () => {
    const op = await loginOperator();
    expect(await fails(409, synonymsPost, req('POST', '/admin/search/synonyms', { word: '移动盘', target: '硬盘' }, { token: op.token }))).toContain('已有同义词');
    for (const body of [{ word: 'İ'.repeat(20), target: '耳机' }, { word: '', target: '耳机' }, { word: '蓝牙 耳机', target: '耳机' }, { word: '耳机', target: '耳机' }, { word: 'x'.repeat(21), target: '耳机' }]) {
      const msg = await fails(400, synonymsPost, req('POST', '/admin/search/synonyms', body, { token: op.token }));
      expect(msg).toMatch(HAN);
    }
    await fails(404, synonymDelete, req('DELETE', '/admin/search/synonyms/999999', undefined, { token: op.token }), ctx({ id: 999999 }));
    const shopper = await loginNew();
    await fails(403, synonymsPost, req('POST', '/admin/search/synonyms', { word: '耳塞子', target: '耳机' }, { token: shopper.token }));
  });
});

describe('suggestions while typing', () => {
  it('量子 completes to product words and names; erj to 耳机; nothing typed, nothing', async () => {
    const res = await suggestGet(get(`/search/suggest?q=${encodeURIComponent('量子')}`), undefined);
    const s = (await envelope<{ words: string[]; products: { id: number; name: string }[] }>(res)).data!;
    expect(s.words).toEqual(expect.arrayContaining(['量子加密']));
    expect(s.words.every((w) => w.startsWith('量子'))).toBe(true);
    expect(s.products.length).toBeGreaterThan(0);
    expect(s.products.every((p) => p.name.includes('量子'))).toBe(true);
    const erj = (await envelope<{ words: string[] }>(await suggestGet(get('/search/suggest?q=erj'), undefined))).data!;
    expect(erj.words).toContain('耳机');
    const none = (await envelope<{ words: string[] }>(await suggestGet(get('/search/suggest?q='), undefined))).data!;
    expect(none).toEqual({ words: [], products: [] });
    // The path next.config.ts rewrites ?q= into: the same answer, one Next may keep (no no-store).
    const cached = await suggestPathGet(get(`/search/suggest/${encodeURIComponent('量子')}`), ctx({ q: '量子' }));
    expect(cached.headers.get('cache-control')).toBeNull();
    expect((await envelope<typeof s>(cached)).data).toEqual(s);
  });
});

describe('the query log', () => {
  const rowsOf = async (query: string) => (await getDb()).select().from(searchQueryDays).where(eq(searchQueryDays.query, query));

  it('counts one search per beacon, never per list read, found or not, with no identity stored', async () => {
    const shopper = await loginNew();
    const q = '量子加密 移动硬盘';
    await search(q);
    await search(q);
    expect(await rowsOf(q)).toEqual([]);
    expect(await ok<{ found: boolean }>(logPost, req('POST', '/search/log', { q: ' 量子加密  移动硬盘 ' }, { token: shopper.token }))).toEqual({ found: true });
    expect(await ok<{ found: boolean }>(logPost, req('POST', '/search/log', { q }))).toEqual({ found: true });
    const [row] = await rowsOf(q);
    expect(row).toMatchObject({ searches: 2, emptySearches: 0 });
    expect(Object.keys(row).sort()).toEqual(['day', 'emptySearches', 'query', 'searches']);
    expect(await ok<{ found: boolean }>(logPost, req('POST', '/search/log', { q: '翡翠星链' }))).toEqual({ found: false });
    expect(await rowsOf('翡翠星链')).toMatchObject([{ searches: 1, emptySearches: 1 }]);
    // Nothing in the table can name the shopper: no column holds their id or phone.
    const dump = JSON.stringify(await (await getDb()).execute(sql`select * from search_query_days`));
    expect(dump).not.toContain(shopper.phone);
    const msg = await fails(400, logPost, req('POST', '/search/log', { q: '   ' }));
    expect(msg).toMatch(HAN);
    // Lowering may lengthen a letter (İ is two characters lowered): the log keeps 50 at most, no error.
    await ok(logPost, req('POST', '/search/log', { q: 'İ'.repeat(50) }));
  });

  it('the console sees the top queries and those that found nothing, with any synonym they have', async () => {
    for (let i = 0; i < 3; i++) await ok(logPost, req('POST', '/search/log', { q: '耳机' }));
    await ok(logPost, req('POST', '/search/log', { q: '没有的东西甲' }));
    const op = await loginOperator();
    const stats = await ok<{ days: number; top: { query: string; searches: number }[]; empty: { query: string; emptySearches: number; synonym: string | null }[] }>(
      statsGet,
      req('GET', '/admin/search/stats', undefined, { token: op.token }),
    );
    expect(stats.top.find((r) => r.query === '耳机')?.searches).toBeGreaterThanOrEqual(3);
    expect(stats.empty.find((r) => r.query === '没有的东西甲')).toMatchObject({ emptySearches: 1, synonym: null });
    expect(stats.empty.some((r) => r.query === '耳机')).toBe(false);
    const popular = (await envelope<{ queries: string[] }>(await popularGet(get('/search/popular'), undefined))).data!;
    expect(popular.queries).toContain('耳机');
    expect(popular.queries).not.toContain('没有的东西甲');
  });
});
