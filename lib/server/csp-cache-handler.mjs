/**
 * Next's own ISR cache (memory only here: experimental.isrFlushToDisk false), plus one thing: every
 * cached page entry carries its Content-Security-Policy, with the sha256 of each inline script of
 * exactly that HTML (Next's flight-data scripts differ per page and per render). Next serves a
 * cached entry with the headers stored in it, so the policy always describes the HTML it comes with:
 * on the first render (the entry is stored before that response is sent), on every hit, and after a
 * revalidation. Build-time static pages (read from disk) get theirs on first read.
 * The proxy gives cached pages no script policy of its own (docs/decisions/security-headers.md).
 */
import { createRequire } from 'node:module';
import { CSP_HEADER, hashPolicy, inlineScriptHashes } from '../security-headers.mjs';

const require = createRequire(import.meta.url);
const FileSystemCache = require('next/dist/server/lib/incremental-cache/file-system-cache.js').default;

const HEADER = CSP_HEADER.toLowerCase();

/** Adds the hash policy to an APP_PAGE value (once: the value object is what the memory cache keeps). */
function withPolicy(value) {
  if (!value || value.kind !== 'APP_PAGE' || typeof value.html !== 'string') return;
  const headers = (value.headers ??= {});
  if (headers[HEADER]) return;
  headers[HEADER] = hashPolicy(inlineScriptHashes(value.html));
}

export default class CspCacheHandler extends FileSystemCache {
  async get(...args) {
    const entry = await super.get(...args);
    withPolicy(entry?.value);
    return entry;
  }

  async set(key, data, ctx) {
    withPolicy(data);
    return super.set(key, data, ctx);
  }
}
