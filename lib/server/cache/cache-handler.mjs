/**
 * Next's ISR and data cache (`cacheHandler` in next.config.ts): Next's own FileSystemCache, memory only
 * (experimental.isrFlushToDisk false), plus two things.
 *
 * 1. Every cached page entry carries its Content-Security-Policy, with the sha256 of each inline script
 *    of exactly that HTML (Next's flight-data scripts differ per page and per render). Next serves a
 *    cached entry with the headers stored in it, so the policy always describes the HTML it comes with:
 *    on the first render (the entry is stored before that response is sent), on every hit, and after a
 *    revalidation. Build-time static pages (read from disk) get theirs on first read. The proxy gives
 *    cached pages no script policy of its own (docs/decisions/security-headers.md).
 *    With it, a `Link` header preloading the page's stylesheets and its high-priority image
 *    (./preload-links.mjs), so the first paint does not wait behind the page's scripts, and the page
 *    stored with those scripts asked for after its first frame (./scripts-after-paint.mjs).
 * 2. With REDIS_URL set (the cluster), one cache for every instance (lib/server/cache/cache-shared.mjs):
 *    entries are written through to Redis and read from it on a local miss, and a revalidated tag is
 *    published to every instance. Without it (PGlite, one process) the cache stays in this process.
 */
import { createRequire } from 'node:module';
import { PAGE_TAGS_HEADER } from './page-cache.mjs';
import { preloadLinks } from './preload-links.mjs';
import { scriptsAfterPaint } from './scripts-after-paint.mjs';
import { CSP_HEADER, hashPolicy, inlineScriptHashes } from '../../web/security-headers.mjs';
import { sharedCache } from './cache-shared.mjs';

const require = createRequire(import.meta.url);
const FileSystemCache = require('next/dist/server/lib/incremental-cache/file-system-cache.js').default;

const HEADER = CSP_HEADER.toLowerCase();
/** Where lib/server/cache/cache-revalidate.ts finds the handler outside a request (the sweep's timer). */
const EXPIRE_TAGS = Symbol.for('liangdun.expireTags');

/** The entry's cache tags in the header server.mjs's page cache reads (and strips): lib/server/cache/page-cache.mjs. */
function withTagsHeader(headers) {
  const tags = headers['x-next-cache-tags'];
  if (typeof tags === 'string' && tags) headers[PAGE_TAGS_HEADER] ??= tags;
}

/**
 * Adds the scripts' loader, the hash policy and the preload links to an APP_PAGE value (once: the value object is what the
 * memory cache keeps), and to it and to a cached route handler's answer (the search box's suggestions)
 * its cache tags for server.mjs's page cache.
 */
function withPolicy(value) {
  if (value?.kind === 'APP_ROUTE' && value.headers) return withTagsHeader(value.headers);
  if (!value || value.kind !== 'APP_PAGE' || typeof value.html !== 'string') return;
  const headers = (value.headers ??= {});
  if (headers[HEADER] === undefined) value.html = scriptsAfterPaint(value.html);
  headers[HEADER] ??= hashPolicy(inlineScriptHashes(value.html));
  const links = headers.link === undefined ? preloadLinks(value.html) : null;
  if (links) headers.link = links;
  withTagsHeader(headers);
}

export default class ShopCacheHandler extends FileSystemCache {
  constructor(ctx) {
    super(ctx);
    this.shared = sharedCache(ctx.serverDistDir);
    globalThis[EXPIRE_TAGS] ??= (tags) => this.revalidateTag(tags, { expire: 0 });
  }

  async get(key, ctx) {
    const shared = this.shared;
    // Out of touch with the other instances' revalidations (Redis unreachable, or not yet caught up):
    // render from the database rather than risk a page another instance already replaced.
    if (shared && !shared.inSync()) return null;
    let entry = await super.get(key, ctx);
    if (!entry && shared && FileSystemCache.memoryCache) {
      const remote = await shared.getEntry(key);
      if (remote) {
        // Into the local memory cache, then through FileSystemCache's own checks (expired tags,
        // revalidated fetch tags) exactly as a local entry.
        FileSystemCache.memoryCache.set(key, remote);
        entry = await super.get(key, ctx);
      }
    }
    withPolicy(entry?.value);
    return entry;
  }

  async set(key, data, ctx) {
    withPolicy(data);
    await super.set(key, data, ctx);
    const shared = this.shared;
    if (shared && data && shared.inSync()) {
      const stored = FileSystemCache.memoryCache?.get(key);
      if (stored) await shared.setEntry(key, stored);
    }
  }

  async revalidateTag(tags, durations) {
    await super.revalidateTag(tags, durations);
    await this.shared?.publishTags(typeof tags === 'string' ? [tags] : tags);
  }
}
