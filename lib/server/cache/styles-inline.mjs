/**
 * A cached page's stylesheets written into its head (docs/decisions/paint-first.md, Part 3): the first
 * paint waits for no request but the page itself. Each `<link rel="stylesheet">` of the build's own CSS
 * becomes a `<style>` with the file's rules, followed by the same link with `media="print"`: React finds
 * its stylesheet where it looks for it (by href) when it hydrates, and the browser fetches the file
 * without waiting for it, for the pages a client navigation opens next.
 */
import { attributes } from './html-attributes.mjs';

const LINK_TAG = /<link\b([^>]*?)\/?>/gi;
const CSS_PATH = /^\/_next\/static\/[^\s"'<>\\]+\.css$/;
/** No page carries more than this much inlined CSS (the shop's pages carry 47–50 kB). */
const MAX_INLINE_CHARS = 96 * 1024;

/**
 * @param {string} html a cached page
 * @param {(href: string) => string | null} readStyle a stylesheet's text by its path, or null when it cannot be read
 * @returns {string} the page with its stylesheets inline
 */
export function stylesInline(html, readStyle) {
  const end = html.indexOf('</head>');
  if (end === -1) return html;
  let budget = MAX_INLINE_CHARS;
  const head = html.slice(0, end).replace(LINK_TAG, (tag, text) => {
    const a = attributes(text);
    if (a.rel !== 'stylesheet' || a.media !== undefined || !CSS_PATH.test(a.href ?? '')) return tag;
    const css = readStyle(a.href);
    if (css === null || css.length > budget || /<\/style/i.test(css)) return tag;
    budget -= css.length;
    return `<style>${css}</style><link${text.replace(/\s*\/$/, '')} media="print"/>`;
  });
  return head + html.slice(end);
}
