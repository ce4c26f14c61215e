/**
 * The part of the page cache the instances of a cluster share, in Redis (REDIS_URL):
 *
 * Keys are `shop:cache:<db>:…`, <db> a hash of the database's host and name: shops on other databases
 * (a test's scratch database, another cluster) may share the Redis and never each other's pages.
 *
 * - entries: `…:<build id>:<key>`, written through on every set and read on a local miss, so
 *   a page one instance rendered is served by the others without rendering it again. An entry lives
 *   ENTRY_TTL_S at most; another build never reads it.
 * - tags: `…:tags` holds, per tag, when it was last revalidated (Next's own {stale, expired});
 *   each revalidation is also published on the channel of the same name. Every instance subscribes,
 *   copies what it hears into Next's tags manifest (the map Next checks every cached entry against), and
 *   reads the whole hash again whenever its subscription (re)starts, so nothing said while it was away
 *   is missed. Until it has, `inSync()` is false and the handler serves nothing from the cache.
 *
 * Redis being down never fails a request: reads miss, writes are dropped, and pages render from the
 * database until it is back (docs/cluster.md, "One cache").
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Redis from 'ioredis';

const require = createRequire(import.meta.url);
const { tagsManifest } = require('next/dist/server/lib/incremental-cache/tags-manifest.external.js');

const ENTRY_TTL_S = 24 * 3600;
const RESYNC_RETRY_MS = 1000;
const STORE = Symbol.for('liangdun.sharedCache');

// Buffers (RSC payloads, route bodies) and Maps (segment data) survive JSON as tagged objects.
function replacer(key, value) {
  const raw = this[key];
  if (Buffer.isBuffer(raw)) return { $b: raw.toString('base64') };
  if (raw instanceof Map) return { $m: [...raw] };
  return value;
}
function reviver(_key, value) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    if (typeof value.$b === 'string') return Buffer.from(value.$b, 'base64');
    if (Array.isArray(value.$m)) return new Map(value.$m);
  }
  return value;
}
export const encodeEntry = (entry) => JSON.stringify(entry, replacer);
export const decodeEntry = (text) => JSON.parse(text, reviver);

function buildId(serverDistDir) {
  try {
    return readFileSync(path.join(serverDistDir, '..', 'BUILD_ID'), 'utf8').trim();
  } catch {
    return 'dev';
  }
}

/** The database this instance shows, without its password: its pages are only for instances on it. */
function databaseNamespace() {
  let id = 'default';
  try {
    const url = new URL(process.env.DATABASE_URL ?? '');
    id = `${url.hostname}:${url.port}/${url.pathname.slice(1)}`;
  } catch {}
  return createHash('sha256').update(id).digest('hex').slice(0, 12);
}

class SharedCache {
  constructor(url, build) {
    const ns = `shop:cache:${databaseNamespace()}`;
    this.tagsKey = `${ns}:tags`;
    this.prefix = `${ns}:${build}:`;
    const options = { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000, lazyConnect: false };
    this.redis = new Redis(url, options);
    this.sub = new Redis(url, { ...options, enableOfflineQueue: true });
    this.synced = false;
    this.pending = new Map(); // tag → message not yet written to Redis
    this.seen = new Map(); // tag → time of the newest revalidation applied here
    this.firstSync = new Promise((resolve) => {
      this.onFirstSync = resolve;
    });
    this.redis.on('error', () => {});
    this.sub.on('error', () => {});
    this.sub.on('close', () => {
      this.synced = false;
    });
    this.sub.on('ready', () => this.resync());
    this.sub.on('message', (_channel, message) => this.apply(message));
  }

  inSync() {
    return this.synced;
  }

  /** Whether it came in sync within `ms` (server.mjs waits for this before it listens). */
  whenSynced(ms) {
    let timer;
    const late = new Promise((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    return Promise.race([this.firstSync.then(() => true), late]).finally(() => clearTimeout(timer));
  }

  /** Subscribe first, then read every tag: whatever is published in between is applied twice, harmlessly. */
  async resync() {
    clearTimeout(this.resyncTimer);
    try {
      await this.sub.subscribe(this.tagsKey);
      const all = await this.redis.hgetall(this.tagsKey);
      for (const message of Object.values(all)) this.apply(message);
      await this.flushPending();
      this.synced = true;
      this.onFirstSync();
    } catch {
      this.synced = false;
      this.resyncTimer = setTimeout(() => this.resync(), RESYNC_RETRY_MS).unref();
    }
  }

  /** A message is {tag, entry, at}; the newest revalidation of a tag wins. */
  apply(message) {
    let parsed;
    try {
      parsed = JSON.parse(message);
    } catch {
      return;
    }
    const { tag, entry, at } = parsed ?? {};
    if (typeof tag !== 'string' || !entry || typeof at !== 'number') return;
    if (at < (this.seen.get(tag) ?? 0)) return;
    this.seen.set(tag, at);
    tagsManifest.set(tag, entry);
  }

  /** After Next has marked the tags here: the same marks, for every other instance. */
  async publishTags(tags) {
    const at = Date.now();
    for (const tag of tags) {
      this.seen.set(tag, at);
      this.pending.set(tag, JSON.stringify({ tag, entry: tagsManifest.get(tag) ?? { expired: at }, at }));
    }
    await this.flushPending();
  }

  async flushPending() {
    if (this.pending.size === 0) return;
    const batch = [...this.pending];
    try {
      const multi = this.redis.multi();
      for (const [tag, message] of batch) multi.hset(this.tagsKey, tag, message).publish(this.tagsKey, message);
      await multi.exec();
      for (const [tag, message] of batch) if (this.pending.get(tag) === message) this.pending.delete(tag);
    } catch {
      // Kept: written with the next revalidation, by this retry, or when the subscription comes back.
      this.flushTimer ??= setTimeout(() => {
        this.flushTimer = undefined;
        this.flushPending();
      }, RESYNC_RETRY_MS).unref();
    }
  }

  async getEntry(key) {
    try {
      const text = await this.redis.get(this.prefix + key);
      return text ? decodeEntry(text) : null;
    } catch {
      return null;
    }
  }

  async setEntry(key, entry) {
    try {
      await this.redis.set(this.prefix + key, encodeEntry(entry), 'EX', ENTRY_TTL_S);
    } catch {
      // Dropped: this instance still has it in memory; the others render it themselves.
    }
  }

  async close() {
    this.synced = false;
    await Promise.allSettled([this.redis.quit(), this.sub.quit()]);
  }
}

/**
 * The process's one connection pair, or null without REDIS_URL. Kept on globalThis so that every copy
 * of this module in the process finds the same pair: Next imports the cache handler by a path of its
 * own making, server.mjs's boot modules (lib/server/boot/) by theirs. Outside this file it is reached
 * only through the functions below.
 */
export function sharedCache(serverDistDir) {
  const url = process.env.REDIS_URL;
  if (!url) return null;
  globalThis[STORE] ??= new SharedCache(url, buildId(serverDistDir));
  return globalThis[STORE];
}

/** Whether the shared cache exists and has heard every revalidation (false without one). */
export function sharedCacheInSync() {
  return globalThis[STORE]?.inSync() === true;
}

/** Closes the shared cache's Redis connections, if it was ever opened. */
export async function closeSharedCache() {
  await globalThis[STORE]?.close();
}
