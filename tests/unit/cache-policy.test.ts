import { describe, expect, it } from 'vitest';
import { cacheControlFor, PRIVATE_NO_STORE, PUBLIC_PAGE_CACHE } from '@/lib/server/cache/cache-policy.mjs';

describe('what shared caches may keep', () => {
  it('never stores an error answer or the console', () => {
    expect(cacheControlFor('/admin', 404, 's-maxage=31536000')).toBe(PRIVATE_NO_STORE);
    expect(cacheControlFor('/no/such/page', 404, 's-maxage=31536000, stale-while-revalidate')).toBe(PRIVATE_NO_STORE);
    expect(cacheControlFor('/admin/orders', 200, 'private, no-cache, no-store, max-age=0, must-revalidate')).toBe(PRIVATE_NO_STORE);
    expect(cacheControlFor('/api/v1/admin/orders', 200, 'no-store')).toBe(PRIVATE_NO_STORE);
    expect(cacheControlFor('/', 500, undefined)).toBe(PRIVATE_NO_STORE);
  });

  it('gives cached pages a short shared lifetime instead of a year', () => {
    expect(cacheControlFor('/', 200, 's-maxage=31536000')).toBe(PUBLIC_PAGE_CACHE);
    expect(cacheControlFor('/proc/10909', 200, 's-maxage=31536000, stale-while-revalidate=31535940')).toBe(PUBLIC_PAGE_CACHE);
    expect(PUBLIC_PAGE_CACHE).toMatch(/s-maxage=60\b/);
    expect(PUBLIC_PAGE_CACHE).toMatch(/stale-while-revalidate=\d+/);
  });

  it('leaves what the app chose for everything else', () => {
    expect(cacheControlFor('/_next/static/chunks/a.js', 200, 'public, max-age=31536000, immutable')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/api/v1/cart', 200, 'no-store')).toBe('no-store');
    expect(cacheControlFor('/Cart', 200, undefined)).toBeUndefined();
    expect(cacheControlFor('/administrator', 200, 'no-store')).toBe('no-store');
  });
});
