/**
 * A cached page's stylesheets written into its head (lib/server/cache/styles-inline.mjs): its first paint
 * waits for no stylesheet request, and React still finds each stylesheet's link by its href.
 */
import { describe, expect, it } from 'vitest';
import { preloadLinks } from '../../lib/server/cache/preload-links.mjs';
import { stylesInline } from '../../lib/server/cache/styles-inline.mjs';

const CSS: Record<string, string> = {
  '/_next/static/chunks/a.css': '.site-header{background:#fff}',
  '/_next/static/chunks/b.css': '.gallery{display:grid}',
  '/_next/static/chunks/evil.css': '.x{content:"</style><script>alert(1)</script>"}',
};
const read = (href: string) => CSS[href] ?? null;
const link = (href: string, more = '') => `<link rel="stylesheet" href="${href}" nonce="n" data-precedence="next"${more}/>`;
const page = (...links: string[]) => `<!DOCTYPE html><html><head>${links.join('')}</head><body><link rel="stylesheet" href="/_next/static/chunks/b.css"/><main>量盾</main></body></html>`;

describe('stylesInline', () => {
  it("writes each of the build's stylesheets into the head, and keeps its link for print only", () => {
    const out = stylesInline(page(link('/_next/static/chunks/a.css'), link('/_next/static/chunks/b.css')), read);
    expect(out).toContain('<style>.site-header{background:#fff}</style><link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="n" data-precedence="next" media="print"/>');
    expect(out).toContain('<style>.gallery{display:grid}</style><link rel="stylesheet" href="/_next/static/chunks/b.css" nonce="n" data-precedence="next" media="print"/>');
    // The body is not the head: a link there is left as it is.
    expect(out).toContain('<body><link rel="stylesheet" href="/_next/static/chunks/b.css"/>');
    // Nothing left for the Link header to preload as a style: the first paint waits for none.
    expect(preloadLinks(out)).toBeNull();
  });

  it('leaves a stylesheet it cannot read, of another origin, with a media of its own, or whose text would end the style, as a link', () => {
    const links = [
      link('/_next/static/chunks/missing.css'),
      '<link rel="stylesheet" href="https://cdn.example/x.css"/>',
      link('/_next/static/chunks/a.css', ' media="(min-width: 800px)"'),
      link('/_next/static/chunks/evil.css'),
    ];
    const html = page(...links);
    expect(stylesInline(html, read)).toBe(html);
  });

  it('inlines no more than the page can carry: a stylesheet past the bound stays a link', () => {
    const big = (href: string) => (href.endsWith('big.css') ? `.b{}${' '.repeat(100 * 1024)}` : read(href));
    const html = page(link('/_next/static/chunks/big.css'));
    expect(stylesInline(html, big)).toBe(html);
  });
});
