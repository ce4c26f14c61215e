import { describe, expect, it } from 'vitest';
import { listHref } from '@/components/catalog/list-href';
import { admitSearch, admitSuggestion, cachedFoundPath, cachedListPath, foundParams, SEARCH_ADMISSION_WINDOW_MS, SEARCH_PAGES_CACHED, SUGGESTIONS_CACHED } from '@/lib/web/catalog-list-path';
import { SEARCH_MAX } from '@/lib/domain/catalog-rules';
import { normalizeSearch } from '@/lib/domain/search-words';
import { parseListQuery, productQuerySchema } from '@/lib/validation/catalog';

describe('normalizeSearch', () => {
  it('drops control characters, folds full-width letters and digits, collapses spaces, keeps the case', () => {
    expect(normalizeSearch('  量子\u0000耳机\t\n ＱＫ１  ')).toBe('量子耳机 QK1');
    expect(normalizeSearch('AES')).toBe('AES');
    expect(normalizeSearch('x'.repeat(SEARCH_MAX + 20))).toHaveLength(SEARCH_MAX);
  });
});

describe('productQuerySchema', () => {
  it('reads sort and the price range; 综合 and blank fields are the defaults', () => {
    expect(productQuerySchema.parse({ q: ' 耳机 ', sort: 'price-desc', minPrice: '99.50', maxPrice: '1299' })).toMatchObject({
      q: '耳机',
      sort: 'price-desc',
      minPrice: '99.5',
      maxPrice: '1299',
      page: 1,
    });
    const blank = productQuerySchema.parse({ sort: '', minPrice: '', maxPrice: ' ', q: '  ' });
    expect(blank.sort).toBeUndefined();
    expect(blank.minPrice).toBeUndefined();
    expect(blank.maxPrice).toBeUndefined();
    expect(blank.q).toBeUndefined();
    expect(productQuerySchema.parse({ sort: 'default' }).sort).toBeUndefined();
  });

  it.each([
    [{ sort: 'cheapest' }, '排序方式不正确'],
    [{ minPrice: 'abc' }, '最低价格请填写金额'],
    [{ maxPrice: '-1' }, '最高价格请填写金额'],
    [{ maxPrice: '1.999' }, '最高价格请填写金额'],
    [{ minPrice: '2000000' }, '最低价格不能超过'],
    [{ minPrice: '300', maxPrice: '200' }, '最低价格不能高于最高价格'],
  ])('refuses %o with a Chinese message', (raw, message) => {
    const r = productQuerySchema.safeParse(raw);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toContain(message);
  });

  it('the same range written two ways is one query (one cache entry)', () => {
    expect(productQuerySchema.parse({ minPrice: '100.00' })).toEqual(productQuerySchema.parse({ minPrice: '100' }));
  });
});

describe('parseListQuery (the pages)', () => {
  it('keeps what is valid, drops what is not and says why', () => {
    const r = parseListQuery({ q: '耳机', sort: 'nope', minPrice: '100', maxPrice: 'x' });
    expect(r.query).toMatchObject({ q: '耳机', minPrice: '100' });
    expect(r.query.sort).toBeUndefined();
    expect(r.query.maxPrice).toBeUndefined();
    expect(r.error).toMatch(/排序方式|最高价格/);
  });

  it('min above max drops the max with the message', () => {
    const r = parseListQuery({ minPrice: '500', maxPrice: '100' });
    expect(r.query).toMatchObject({ minPrice: '500' });
    expect(r.query.maxPrice).toBeUndefined();
    expect(r.error).toBe('最低价格不能高于最高价格');
  });

  it('a clean query has no error', () => {
    expect(parseListQuery({ category: 'earphones', sort: 'sales' })).toEqual({ query: expect.objectContaining({ category: 'earphones', sort: 'sales' }), error: undefined });
  });
});

describe('listHref', () => {
  const base = productQuerySchema.parse({ q: '耳机', sort: 'price-asc', minPrice: '100', page: '3' });

  it('keeps the other parameters and starts again at page 1', () => {
    const url = new URL(listHref(base, { sort: 'sales' }), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: '耳机', sort: 'sales', minPrice: '100' });
    expect(new URL(listHref(base, { page: 4 }), 'http://x').searchParams.get('page')).toBe('4');
  });

  it('a plain category list keeps the address the proxy caches', () => {
    const plain = productQuerySchema.parse({ category: 'earphones', sort: 'sales' });
    const href = listHref(plain, { sort: undefined });
    expect(href).toBe('/ProductList?category=earphones');
    expect(cachedListPath(new URL(href, 'http://x').searchParams)).not.toBeNull();
    expect(cachedListPath(new URL(listHref(plain, {}), 'http://x').searchParams)).toBeNull();
  });
});

describe('cachedFoundPath / foundParams: searches and sorts from the cache', () => {
  const found = (qs: string) => cachedFoundPath(new URLSearchParams(qs));

  it('one path per normalised search, category, sort and page, and back', () => {
    const a = found('q=%E8%80%B3%E6%9C%BA&sort=price-asc')!;
    expect(a.q).toBe('耳机');
    expect(found('sort=price-asc&q=%20%E8%80%B3%E6%9C%BA%20%20')!.path).toBe(a.path);
    expect(a.path).toMatch(/^\/ProductList\/found\/[A-Za-z0-9_-]+$/);
    expect(Object.fromEntries(foundParams(a.path)!)).toEqual({ q: '耳机', sort: 'price-asc' });
    expect(found('q=Q1')!.path).not.toBe(found('q=q1')!.path); // the word is shown as typed
    expect(found('sort=sales&category=disks&page=2')).toMatchObject({ category: 'disks', q: null });
  });

  it('a price range, another parameter, a bad value or a plain list is not from here', () => {
    for (const qs of ['q=a&minPrice=1', 'q=a&pageSize=20', 'q=a&utm=x', 'sort=cheap&q=a', 'q=a&page=51', 'q=a&q=b', 'category=disks', '', 'q=%20', 'q=a&category=all']) {
      expect(found(qs), qs).toBeNull();
    }
  });

  it('only paths it makes are read back', () => {
    const b64 = (s: string) => btoa(s).replace(/=+$/, '');
    expect(foundParams('/ProductList/found/' + b64('q=abc'))).not.toBeNull();
    expect(foundParams('/ProductList/found/' + b64('sort=sales&q=abc'))).toBeNull(); // not in the one order
    expect(foundParams('/ProductList/found/' + b64('q=abc&page=1'))).toBeNull(); // page 1 is left out
    expect(foundParams('/ProductList/found/' + btoa('q=abc'))).toBeNull(); // padded
    expect(foundParams('/ProductList/found/!!')).toBeNull();
    expect(foundParams('/ProductList/found/' + b64('q=a&minPrice=1'))).toBeNull();
    expect(foundParams('/ProductList/cached/all/1')).toBeNull();
  });

  it('admits a bounded number of different searches per window; one already admitted stays admitted', () => {
    const t = 10 ** 13; // a window of its own
    expect(admitSearch('first', t)).toBe(true);
    for (let i = 1; i < SEARCH_PAGES_CACHED; i++) expect(admitSearch(`w${i}`, t + 1)).toBe(true);
    expect(admitSearch('one too many', t + 2)).toBe(false);
    expect(admitSearch('first', t + 3)).toBe(true);
    expect(admitSearch('one too many', t + SEARCH_ADMISSION_WINDOW_MS)).toBe(true);
  });

  it('bounds the cached suggestions the same way, on a count of their own', () => {
    const t = 2 * 10 ** 13;
    for (let i = 0; i < SUGGESTIONS_CACHED; i++) expect(admitSuggestion(`p${i}`, t)).toBe(true);
    expect(admitSuggestion('量子', t + 1)).toBe(false);
    expect(admitSuggestion('p0', t + 2)).toBe(true);
    // The searches' own bound is untouched by the suggestions'.
    expect(admitSearch('量子', t + 3)).toBe(true);
  });
});
