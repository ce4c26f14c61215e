/**
 * safeRedirectPath: a return target is followed only as a path on this site, as the URL parser reads
 * it. Values are given as the page receives them, i.e. after the query string was decoded
 * (`?redirect=/%09/evil.example/pwn` arrives as "/\t/evil.example/pwn").
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE_URL } from '@/lib/server/settings/defaults';
import { safeRedirectPath } from '@/lib/web/safe-redirect';

const FALLBACK = '/Address';

const HOSTILE: readonly string[] = [
  // The parser drops tabs and newlines: "/\t/evil.example" is "//evil.example", another host.
  '/\t/evil.example/pwn',
  '/\n/evil.example/pwn',
  '/\r\n/evil.example/pwn',
  '\t//evil.example',
  ' //evil.example',
  '\u0000//evil.example',
  '/\u0000/evil.example',
  // Scheme-relative, and backslashes, which the parser reads as slashes.
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  // Other schemes and hosts.
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  'https://evil.example',
  'https://evil.example/Address',
  `${DEFAULT_SITE_URL}@evil.example/`,
  'http://[',
  // Encoded slashes, and paths that start with // once dot segments are gone.
  '/%2F/evil.example',
  '/%2f%2fevil.example',
  '/%5C/evil.example',
  '/.//evil.example',
  '/a/..//evil.example',
  '/%2e//evil.example',
];

describe('safeRedirectPath', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(HOSTILE)('refuses %j', (value) => {
    expect(safeRedirectPath(value, FALLBACK)).toBe(FALLBACK);
  });

  it('falls back when there is no target', () => {
    expect(safeRedirectPath(undefined, FALLBACK)).toBe(FALLBACK);
    expect(safeRedirectPath(null, FALLBACK)).toBe(FALLBACK);
    expect(safeRedirectPath('', FALLBACK)).toBe(FALLBACK);
  });

  it.each([
    '/Address?x=1#y',
    '/OrderSettlePC?items=12%3A1%2C13%3A2',
    '/OrderSettlePC?skuId=12&quantity=2',
    '/CreateOrder?fromCart=1',
    '/personalCenter/PersonalAddress',
    '/',
  ])('keeps %j', (value) => {
    expect(safeRedirectPath(value, FALLBACK)).toBe(value);
  });

  it('keeps only the path of an absolute URL on this site', () => {
    expect(safeRedirectPath(`${DEFAULT_SITE_URL}/Cart?x=1#top`, FALLBACK)).toBe('/Cart?x=1#top');
  });

  it('in the browser, judges by the page origin', () => {
    vi.stubGlobal('window', { location: { origin: 'https://shop.example' } });
    expect(safeRedirectPath('https://shop.example/Address?x=1', FALLBACK)).toBe('/Address?x=1');
    expect(safeRedirectPath(`${DEFAULT_SITE_URL}/Address`, FALLBACK)).toBe(FALLBACK);
    expect(safeRedirectPath('/\t/evil.example/pwn', FALLBACK)).toBe(FALLBACK);
  });
});
