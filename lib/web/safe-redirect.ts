/**
 * Where a `?redirect=` (or any return target from a query string or a form) may send the browser:
 * a path on this site, as the URL parser reads it. String checks on the raw value are not enough:
 * the parser drops tabs and newlines and reads `\` as `/`, so `/\t/evil.example` is `//evil.example`,
 * another host. Usable in the browser and on the server.
 */
import { siteUrl } from '../site';

/** The page's own origin in the browser; the configured site on the server. */
const ownOrigin = () => (typeof window === 'undefined' ? new URL(siteUrl()).origin : window.location.origin);

/**
 * Targets we make are URL-encoded: raw whitespace, control characters or backslashes only come
 * from someone playing on how parsers differ.
 */
const RAW_TRICKS = /[\s\u0000-\u001f\u007f\\]/;

/**
 * `value` as a same-origin path (pathname + search + hash, as parsed), else `fallback`. A path that
 * still starts with `//` after dot segments are removed (`/.//evil`), or whose path holds an encoded
 * slash or backslash, is refused too: resolved again, or decoded by a server, it names another host.
 */
export function safeRedirectPath(value: string | null | undefined, fallback: string): string {
  if (!value || RAW_TRICKS.test(value)) return fallback;
  const origin = ownOrigin();
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  const path = url.pathname + url.search + url.hash;
  if (url.origin !== origin || path.startsWith('//') || /%2f|%5c/i.test(url.pathname)) return fallback;
  return path;
}
