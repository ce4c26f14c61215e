/**
 * A cached page's scripts asked for after its first frame (docs/decisions/paint-first.md, Part 3): Next
 * writes them as async `<script src>` tags and low-priority preloads, which a browser fetches at once,
 * beside the stylesheet and the banner the first paint waits for. Here they are taken out and one small
 * inline script at the end of the body asks for them, in the same order, once the page is read: when the
 * first frame has been drawn (a timer after the first animation frame) or at DOMContentLoaded, whichever
 * comes first. Behind the stylesheet (an inline script waits for it), that is when the first paint can
 * happen, and it is before the load event, which then waits for the scripts as it waited for Next's own
 * tags: a page that has loaded has hydrated.
 */

import { attributes } from './html-attributes.mjs';

const CHUNK = /^\/_next\/static\/[^\s"'<>\\]+\.js$/;
const SCRIPT_TAG = /<script\b([^>]*)><\/script>/gi;
const PRELOAD_TAG = /<link\b([^>]*)\/?>/gi;


/** @param {string} html a cached page @returns {string} the page with its chunk scripts loaded after the first frame */
export function scriptsAfterPaint(html) {
  const srcs = [];
  let nonce;
  let out = html.replace(SCRIPT_TAG, (tag, text) => {
    const a = attributes(text);
    if (a.src === undefined || a.async === undefined || a.nomodule !== undefined || !CHUNK.test(a.src)) return tag;
    nonce ??= a.nonce;
    if (!srcs.includes(a.src)) srcs.push(a.src);
    return '';
  });
  if (srcs.length === 0) return html;
  out = out.replace(PRELOAD_TAG, (tag, text) => {
    const a = attributes(text);
    return a.rel === 'preload' && a.as === 'script' && srcs.includes(a.href) ? '' : tag;
  });
  // At the end of the body: an inline script waits for the stylesheets before it, and holds the parser
  // while it waits; here the whole page has been read by then.
  const end = out.lastIndexOf('</body>');
  if (end === -1) return html;
  const nonceAttr = nonce ? ` nonce="${nonce}"` : '';
  // JSON.stringify of paths the pattern above admits: no quote, bracket or backslash can end the script.
  const loader =
    `<script${nonceAttr}>(function(u){var d=0;function go(){if(d)return;d=1;u.forEach(function(s){var e=document.createElement("script");e.src=s;e.async=true;document.head.appendChild(e)})}` +
    `requestAnimationFrame(function(){setTimeout(go,0)});document.addEventListener("DOMContentLoaded",go)})(${JSON.stringify(srcs)})</script>`;
  return out.slice(0, end) + loader + out.slice(end);
}
