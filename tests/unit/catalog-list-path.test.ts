import { describe, expect, it } from 'vitest';
import { cachedListCategory, cachedListPath } from '@/lib/web/catalog-list-path';

const of = (query: string) => cachedListPath(new URLSearchParams(query));

describe('cachedListPath: which /ProductList URLs come from the page cache', () => {
  it('a category and a page, as the shop writes them', () => {
    expect(of('')).toEqual({ path: '/ProductList/cached/all/1', category: null });
    expect(of('category=disks')).toEqual({ path: '/ProductList/cached/disks/1', category: 'disks' });
    expect(of('category=disks&page=2')).toEqual({ path: '/ProductList/cached/disks/2', category: 'disks' });
    expect(of('page=50')).toEqual({ path: '/ProductList/cached/all/50', category: null });
  });

  it('a search, another parameter, a repeated one or an odd value renders per request', () => {
    for (const q of ['q=耳机', 'q=', 'pageSize=24', 'utm_source=x', 'page=1&page=2', 'category=a&category=b', 'category=all', 'category=DISKS',
      'category=../x', 'page=0', 'page=01', 'page=51', 'page=1e1', 'page=-1']) {
      expect(of(q), q).toBeNull();
    }
  });

  it('the cached route\'s own paths: only those cachedListPath makes', () => {
    expect(cachedListCategory('/ProductList/cached/all/1')).toBeNull();
    expect(cachedListCategory('/ProductList/cached/disks/3')).toBe('disks');
    for (const p of ['/ProductList/cached/all/0', '/ProductList/cached/all/51', '/ProductList/cached/all/01', '/ProductList/cached/DISKS/1',
      '/ProductList/cached/disks', '/ProductList/cached/disks/1/x', '/ProductList', '/proc/1']) {
      expect(cachedListCategory(p), p).toBeUndefined();
    }
  });
});
