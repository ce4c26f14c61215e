/**
 * A cached page's scripts asked for after its first frame (lib/server/cache/scripts-after-paint.mjs): the
 * browser finds no script to fetch while it paints the page, and then gets every one of them, once.
 */
import { describe, expect, it } from 'vitest';
import { scriptsAfterPaint } from '../../lib/server/cache/scripts-after-paint.mjs';

const PAGE =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>' +
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="n1" data-precedence="next"/>' +
  '<link rel="preload" as="script" fetchPriority="low" nonce="n1" href="/_next/static/chunks/main.js"/>' +
  '<script src="/_next/static/chunks/one.js" async="" nonce="n1"></script>' +
  '<script src="/_next/static/chunks/turbopack-two.js" async="" nonce="n1"></script>' +
  '<script src="/_next/static/chunks/legacy.js" noModule="" nonce="n1"></script>' +
  '<script type="application/ld+json">{"@type":"Product"}</script></head>' +
  '<body><main>量子加密耳机 Q1</main><script nonce="n1">(self.__next_f=self.__next_f||[]).push([0])</script>' +
  '<script src="/_next/static/chunks/main.js" nonce="n1" async=""></script></body></html>';

/** The loader's list of scripts, read back from the page. */
const listed = (html: string) => JSON.parse(/\}\)\((\[[^\]]*\])\)<\/script>/.exec(html)![1]) as string[];

/** Runs the page's loader with a browser's frames, timers and DOMContentLoaded played by hand; returns what it appended, and them. */
function runLoader(html: string) {
  const body = /<script[^>]*>(\(function\(u\)[\s\S]*?)<\/script>/.exec(html)![1];
  const appended: string[] = [];
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const ready: (() => void)[] = [];
  const document = {
    createElement: () => ({ src: '', async: false }),
    head: { appendChild: (e: { src: string; async: boolean }) => appended.push(`${e.src}${e.async ? '' : ' (blocking)'}`) },
    addEventListener: (type: string, fn: () => void) => type === 'DOMContentLoaded' && ready.push(fn),
  };
  new Function('document', 'requestAnimationFrame', 'setTimeout', body)(
    document,
    (fn: () => void) => frames.push(fn),
    (fn: () => void, ms: number) => timers.push({ fn, ms }),
  );
  return { appended, frames, timers, ready };
}

describe('scriptsAfterPaint', () => {
  const out = scriptsAfterPaint(PAGE);

  it('leaves the page no script file the browser would fetch before it paints', () => {
    expect(out).not.toMatch(/<script[^>]*src="\/_next\/static\/chunks\/(one|turbopack-two|main)\.js"/);
    expect(out).not.toContain('rel="preload" as="script"');
    // The page itself, its stylesheet, its data blocks, its inline scripts and the old browsers' script stay.
    expect(out).toContain('<main>量子加密耳机 Q1</main>');
    expect(out).toContain('<link rel="stylesheet" href="/_next/static/chunks/a.css"');
    expect(out).toContain('<script type="application/ld+json">{"@type":"Product"}</script>');
    expect(out).toContain('self.__next_f');
    expect(out).toContain('noModule=""');
  });

  it('asks for every script once, in page order, under the page’s nonce, after the whole page', () => {
    expect(listed(out)).toEqual(['/_next/static/chunks/one.js', '/_next/static/chunks/turbopack-two.js', '/_next/static/chunks/main.js']);
    // An inline script waits for the stylesheets before it and holds the parser meanwhile: none comes before the page's content.
    expect(out.indexOf('(function(u)')).toBeGreaterThan(out.indexOf('<main>'));
    expect(out.indexOf('(function(u)')).toBeLessThan(out.indexOf('</body>'));
    expect(out).toMatch(/<script nonce="n1">\(function\(u\)/);
  });

  const ALL = ['/_next/static/chunks/one.js', '/_next/static/chunks/turbopack-two.js', '/_next/static/chunks/main.js'];

  it('asks after the first frame is drawn, once, though DOMContentLoaded comes after', () => {
    const { appended, frames, timers, ready } = runLoader(out);
    expect(appended).toEqual([]); // nothing while the page is parsed
    frames[0](); // the first frame: a timer after it
    expect(appended).toEqual([]);
    timers[0].fn();
    expect(appended).toEqual(ALL);
    ready[0]();
    expect(appended).toEqual(ALL);
  });

  it('asks at DOMContentLoaded when no frame came first, before the load event, and not again after the frame', () => {
    const { appended, frames, timers, ready } = runLoader(out);
    expect(ready).toHaveLength(1);
    ready[0]();
    expect(appended).toEqual(ALL);
    frames[0]();
    timers.forEach((t) => t.fn());
    expect(appended).toEqual(ALL);
  });

  it('changes a page once only, and leaves alone a page without Next’s scripts or a script it cannot vouch for', () => {
    expect(scriptsAfterPaint(out)).toBe(out);
    const plain = '<html><head><title>关于我们</title></head><body><script src="/js/other.js" async=""></script></body></html>';
    expect(scriptsAfterPaint(plain)).toBe(plain);
    const odd = '<html><head></head><body><script src="/_next/static/chunks/a.js?x=&quot;" async=""></script></body></html>';
    expect(scriptsAfterPaint(odd)).toBe(odd);
  });
});
