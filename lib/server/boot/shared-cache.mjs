/**
 * On a cluster (REDIS_URL), in touch with the shared cache before the first request. Until it has read
 * every tag revalidated elsewhere, this instance serves nothing from its caches (it renders from the
 * database), so an instance reported ready is one that already serves cached pages. Redis being down
 * only delays the start by SHARED_CACHE_WAIT_MS: the instance then renders until Redis is back
 * (docs/cluster.md, "One cache").
 */
import path from 'node:path';
import { sharedCache } from '../cache/cache-shared.mjs';

/** How long a start waits for the shared cache on a cluster before it serves without it. */
const SHARED_CACHE_WAIT_MS = 3000;

/** Waits (at most SHARED_CACHE_WAIT_MS) for the shared cache; nothing without REDIS_URL or under --dev. */
export async function joinSharedCache({ dev }) {
  if (!process.env.REDIS_URL || dev) return;
  const shared = sharedCache(path.join(process.env.NEXT_DIST_DIR || '.next', 'server'));
  if (!(await shared.whenSynced(SHARED_CACHE_WAIT_MS))) console.warn(`量盾商城: the shared cache (Redis) is not reachable yet; pages render from the database until it is`);
}
