/**
 * The shop's security headers, defined once (docs/decisions/security-headers.md). Plain JavaScript
 * because three loaders read it: next.config.ts (static headers), proxy.ts (pages: nonce policy)
 * and the ISR cache handler (lib/server/cache/cache-handler.mjs: hash policy of cached pages),
 * which Next imports at run time without compiling it. Types: security-headers.d.mts.
 *
 * Content-Security-Policy comes in four shapes that differ only in script-src (and form-action):
 *   - pages rendered per request: a fresh nonce per request + 'strict-dynamic' (Next puts the nonce
 *     on its own scripts when it finds it in the request's CSP header);
 *   - cached pages (ISR/static): the sha256 of each inline script Next wrote into the cached HTML,
 *     computed once when the entry is stored, kept with it as a header; external scripts from 'self';
 *   - the Alipay pay form (raw HTML): the hash of exactly its auto-submit script, form-action the
 *     gateway's origin;
 *   - everything else (API JSON, files): default-src 'none' (shoppers' photos: and sandbox).
 * No policy allows 'unsafe-inline' or 'unsafe-eval' for scripts. Styles allow 'unsafe-inline'
 * (React style attributes, react-hot-toast's and Swiper's injected <style>).
 */
import { createHash } from 'node:crypto';

const ALIPAY_LIVE_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** Origins a form may post to besides 'self': the payment gateways in live mode (Alipay's page pay). */
function gatewayOrigins() {
  if (process.env.SHOP_MODE !== 'live') return [];
  let gateway = ALIPAY_LIVE_GATEWAY;
  try {
    gateway = new URL(process.env.ALIPAY_GATEWAY || ALIPAY_LIVE_GATEWAY).origin;
  } catch {}
  // The gateway answers the posted form with a redirect to Alipay's cashier (another alipay.com
  // host), and form-action applies to that redirect too.
  return [...new Set([new URL(gateway).origin, 'https://*.alipay.com'])];
}

/**
 * @param {{ scriptSrc: string[], formAction?: string[] }} opts
 * @returns {string}
 */
function contentSecurityPolicy({ scriptSrc, formAction = ["'self'", ...gatewayOrigins()] }) {
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${formAction.join(' ')}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A page rendered for this request: its nonce, and the scripts those scripts load. */
export function noncePolicy(nonce) {
  return contentSecurityPolicy({ scriptSrc: ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"] });
}

/** A cached page: exactly its inline scripts (by hash) and the app's own script files. */
export function hashPolicy(hashes) {
  return contentSecurityPolicy({ scriptSrc: ["'self'", ...hashes.map((h) => `'${h}'`)] });
}

/** JSON, files and everything that is not a page: nothing may load, nothing may frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * A shopper's photo (GET /api/v1/uploads/{id}): the no-content policy plus `sandbox`, so a file that is
 * also HTML (a polyglot) could run nothing and reach nothing even if a browser took it for a page.
 */
export const UPLOAD_CSP = `${API_CSP}; sandbox`;

/** A small raw HTML message page (no scripts; inline styles only). */
export const MESSAGE_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The pay form: only its own inline scripts (by hash), posting only to the gateway. */
export function payFormPolicy(html, gatewayUrl) {
  const origin = new URL(gatewayUrl).origin;
  const formAction = [...new Set(["'self'", origin, ...gatewayOrigins()])];
  return [
    "default-src 'none'",
    `script-src ${inlineScriptHashes(html).map((h) => `'${h}'`).join(' ') || "'none'"}`,
    "style-src 'unsafe-inline'",
    "base-uri 'none'",
    `form-action ${formAction.join(' ')}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

export const CSP_HEADER = 'Content-Security-Policy';

const SCRIPT_RE = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const JS_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/**
 * 'sha256-…' of the inline scripts the browser would run (no src, a JavaScript type): the text
 * between the tags as it stands (scripts are raw text: no entity decoding), UTF-8.
 * When the page was rendered with a nonce, only the scripts Next wrote count: those carry the nonce of
 * the document's first script (Next's own, in <head>, before any content), and a script that came in
 * with content would not. Without a nonce (pages prerendered at build, from the repository's own
 * content) every inline script counts.
 */
export function inlineScriptHashes(html) {
  const scripts = [...html.matchAll(SCRIPT_RE)].map((m) => ({ attrs: m[1], body: m[2], nonce: /\snonce\s*=\s*"([^"]*)"/i.exec(` ${m[1]}`)?.[1] }));
  const nonce = scripts[0]?.nonce;
  const out = new Set();
  for (const { attrs, body, nonce: own } of scripts) {
    if (/\ssrc\s*=/i.test(` ${attrs}`)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase() ?? '';
    if (!JS_TYPES.has(type)) continue; // JSON-LD and other data blocks never run
    if (nonce && own !== nonce) continue;
    out.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return [...out];
}

/** A nonce: 128 random bits, base64. */
export function makeNonce() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export const HSTS = ['Strict-Transport-Security', 'max-age=31536000'];

/** The headers every response carries (CSP and HSTS aside). */
export const COMMON_HEADERS = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
];
