/**
 * The Link header of a cached page (lib/server/cache/preload-links.mjs): the browser is told of the
 * stylesheet the first paint waits for, and of the page's largest image, before it parses the HTML.
 */
import { describe, expect, it } from 'vitest';
import { preloadLinks } from '../../lib/server/cache/preload-links.mjs';
import { parseWrk } from '../../scripts/bench/load.mjs';

const HEAD =
  '<!DOCTYPE html><html><head><link rel="preload" href="/images/logo.svg" as="image"/>' +
  '<link rel="preload" as="image" href="/images/banners/earbuds.svg" fetchPriority="high"/>' +
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="n" data-precedence="next"/>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/x.js"/></head>' +
  '<body><link rel="stylesheet" href="/_next/static/chunks/late.css"/></body></html>';

describe('preloadLinks', () => {
  it("preloads the head's stylesheet first, then the high-priority image, and nothing else", () => {
    expect(preloadLinks(HEAD)).toBe('</_next/static/chunks/a.css>; rel=preload; as=style, </images/banners/earbuds.svg>; rel=preload; as=image; fetchpriority=high');
  });

  it('preloads a responsive image by its srcset and sizes, so the browser fetches the width it will show', () => {
    const head =
      '<head><link rel="preload" as="image" imageSrcSet="/images/banners/earbuds-720.webp 720w, /images/banners/earbuds-1200.webp 1200w" imageSizes="(min-width: 1200px) 1168px, calc(100vw - 32px)" fetchPriority="high"/></head>';
    expect(preloadLinks(head)).toBe(
      '</images/banners/earbuds-720.webp>; rel=preload; as=image; imagesrcset="/images/banners/earbuds-720.webp 720w, /images/banners/earbuds-1200.webp 1200w"; imagesizes="(min-width: 1200px) 1168px, calc(100vw - 32px)"; fetchpriority=high',
    );
    // Another origin in the set, or a quote that would end the parameter: no preload rather than a broken header.
    expect(preloadLinks('<head><link rel="preload" as="image" imageSrcSet="/a.webp 1x, https://cdn.example/b.webp 2x" fetchPriority="high"/></head>')).toBeNull();
    expect(preloadLinks('<head><link rel="preload" as="image" imageSrcSet="/a.webp 1x" imageSizes="100vw; rel=x" fetchPriority="high"/></head>')).toBeNull();
  });

  it('gives no header for a page with nothing to preload, and never a URL that could break the header', () => {
    expect(preloadLinks('<html><head><title>x</title></head><body></body></html>')).toBeNull();
    expect(preloadLinks('<head><link rel="stylesheet" href="https://cdn.example/a.css"/><link rel="stylesheet" href="/a.css>; rel=x"/></head>')).toBeNull();
  });
});

describe("the bench's wrk report", () => {
  it('reads the rate, the p99 in ms and the failures', () => {
    const out = [
      'Running 10s test @ http://127.0.0.1:3580/',
      '  2 threads and 50 connections',
      '  Latency Distribution',
      '     50%    2.10ms',
      '     99%    1.20s',
      '  159140 requests in 10.00s, 9.50GB read',
      '  Socket errors: connect 0, read 2, write 0, timeout 1',
      '  Non-2xx or 3xx responses: 4',
      'Requests/sec:  15914.23',
    ].join('\n');
    expect(parseWrk(out)).toEqual({ rate: 15914.23, p99: 1200, errors: 3, non2xx: 4 });
    expect(parseWrk(out.replace('1.20s', '950.00us')).p99).toBe(1);
    expect(() => parseWrk('unable to connect')).toThrow(/could not be read/);
  });
});
