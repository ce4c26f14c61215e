/**
 * The process's Redis connection for commands (the per-address limits, the health check), or null
 * without REDIS_URL. Commands fail at once while Redis is away rather than queueing: each caller has
 * its answer for that (the limits fall back to this instance's memory, the health check says so).
 * The live bus (lib/server/live/bus.ts) and the shared cache (lib/server/cache/) keep connections of
 * their own, for their subscriptions.
 */
import Redis from 'ioredis';
import { onStop } from '../boot/stop-steps.mjs';
import { log } from '../log';
import { settings } from '../settings/settings';

const KEY = Symbol.for('liangdun.redis');
const g = globalThis as typeof globalThis & { [KEY]?: { url: string; client: Redis } };

export function redisClient(): Redis | null {
  const url = settings().REDIS_URL;
  if (!url) return null;
  // One per URL: the settings are fixed for a process's life, except in tests, which try several.
  if (g[KEY]?.url === url) return g[KEY].client;
  g[KEY]?.client.disconnect();
  const client = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000 });
  client.on('error', (err) => log.warn({ err: String(err) }, 'redis'));
  onStop(() => client.quit().catch(() => {}));
  g[KEY] = { url, client };
  return client;
}

/** Whether the connection is up, waiting at most `ms` for one under way (the first use right after start). */
export async function redisReady(client: Redis, ms: number): Promise<boolean> {
  if (client.status === 'ready') return true;
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    client.once('ready', onReady);
  });
}
