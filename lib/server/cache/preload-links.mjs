/**
 * The `Link` header of a cached page (lib/server/cache/cache-handler.mjs): a preload of each stylesheet
 * its <head> links and of its high-priority image (the largest one, marked fetchPriority="high"). The
 * browser starts those requests when the response's headers arrive, before it has parsed the HTML, so
 * the stylesheet the first paint waits for comes before the page's scripts rather than among them
 * (docs/decisions/paint-first.md).
 */

import { attributes } from './html-attributes.mjs';

const LINK_RE = /<link\b([^>]*?)\/?>/gi;


/** A URL as a Link header may carry it: a same-site path without the characters that would end it. */
const safePath = (href) => typeof href === 'string' && /^\/[^\s<>;,"]*$/.test(href);

/** A value a quoted Link parameter may carry: no quote, bracket, semicolon or control character. */
const safeQuoted = (v) => typeof v === 'string' && /^[^"<>\\;\u0000-\u001f]+$/.test(v);

/**
 * The preload of a high-priority image: its `href`, or for a responsive image (React writes
 * `imagesrcset`/`imagesizes` and no href) the set itself, so the browser fetches the width it will show.
 */
function imagePreload(a) {
  if (a.imagesrcset === undefined) return safePath(a.href) ? `<${a.href}>; rel=preload; as=image; fetchpriority=high` : null;
  const urls = a.imagesrcset.split(',').map((c) => c.trim().split(/\s+/)[0]);
  if (!safeQuoted(a.imagesrcset) || !urls.every((u) => safePath(u) && !u.startsWith('//'))) return null;
  if (a.imagesizes !== undefined && !safeQuoted(a.imagesizes)) return null;
  const sizes = a.imagesizes !== undefined ? `; imagesizes="${a.imagesizes}"` : '';
  return `<${urls[0]}>; rel=preload; as=image; imagesrcset="${a.imagesrcset}"${sizes}; fetchpriority=high`;
}

/** @param {string} html a page's HTML @returns {string | null} the header's value, or null when there is nothing to preload */
export function preloadLinks(html) {
  const end = html.indexOf('</head>');
  const head = end === -1 ? html : html.slice(0, end);
  const styles = [];
  const images = [];
  for (const m of head.matchAll(LINK_RE)) {
    const a = attributes(m[1]);
    if (a.rel === 'stylesheet' && safePath(a.href)) styles.push(`<${a.href}>; rel=preload; as=style`);
    else if (a.rel === 'preload' && a.as === 'image' && a.fetchpriority === 'high') {
      const link = imagePreload(a);
      if (link) images.push(link);
    }
  }
  // The stylesheets first: the browser asks in this order, and the first paint waits for them.
  const links = [...styles, ...images];
  return links.length ? links.join(', ') : null;
}
