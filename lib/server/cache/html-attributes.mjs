/**
 * The attributes of a tag's attribute text as React writes them (`name="value"`, or a bare name for a
 * boolean), names lower-cased: what the cached pages' rewrites read (preload-links.mjs,
 * scripts-after-paint.mjs).
 * @param {string} text @returns {Record<string, string>}
 */
export function attributes(text) {
  const out = {};
  for (const m of text.matchAll(/([a-zA-Z:-]+)(?:\s*=\s*"([^"]*)")?/g)) out[m[1].toLowerCase()] = m[2] ?? '';
  return out;
}
