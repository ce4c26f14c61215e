/**
 * The page cache in front of Next (lib/server/cache/page-cache.mjs, docs/cluster.md "The page cache in front of
 * Next"), wired to this process: Next's tags manifest (the same module instance Next's cache checks)
 * drops an answer once a tag of its page was revalidated, here or, through Redis, on another instance;
 * answers are keyed by what the proxy decides from the user agent.
 */
import { createRequire } from 'node:module';
import { createPageCache } from '../cache/page-cache.mjs';
import { detectDevice, isBot } from '../../web/user-agent.mjs';
import { sharedCacheInSync } from '../cache/cache-shared.mjs';

export function shopPageCache() {
  const { areTagsExpired, areTagsStale } = createRequire(import.meta.url)('next/dist/server/lib/incremental-cache/tags-manifest.external.js');
  return createPageCache({
    tagsExpired: (tags, since) => areTagsExpired(tags, since) || areTagsStale(tags, since),
    // On a cluster, only while this instance hears every revalidation (lib/server/cache/cache-shared.mjs).
    usable: () => !process.env.REDIS_URL || sharedCacheInSync(),
    classify: (ua) => (isBot(ua) ? 'bot' : detectDevice(ua)),
  });
}
