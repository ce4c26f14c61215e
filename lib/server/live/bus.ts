/**
 * Live news between the instances of the shop (docs/support.md#live-delivery): "something happened in
 * conversation N". With REDIS_URL (the cluster) it goes through Redis pub/sub, on the same settings as
 * the shared cache, so an answer written through one instance reaches a stream held by another; without
 * it, an in-process EventEmitter. Only ids travel: a listener reads what changed from the database,
 * under its own ownership checks.
 *
 * The channel is named after the database (its host, port and name, hashed), so shops on other
 * databases sharing one Redis (a test's scratch database) never hear each other.
 */
import 'server-only';
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import Redis from 'ioredis';
import { log } from '../log';
import { onStop } from '../boot/stop-steps.mjs';
import { settings } from '../settings/settings';

export type LiveEvent = { topic: string; kind: string };
type Listener = (e: LiveEvent) => void;

type Bus = {
  local: EventEmitter;
  pub: Redis | null;
  sub: Redis | null;
  channel: string;
  ready: Promise<void>;
};

const KEY = Symbol.for('liangdun.liveBus');
/** How long a publish may wait for Redis before only this instance hears it. */
const PUBLISH_WAIT_MS = 1_000;
/** The topic every listener also hears when this instance is stopping. */
export const STOPPING = 'live:stopping';

function channelName(): string {
  let id = 'default';
  try {
    const url = new URL(settings().DATABASE_URL ?? '');
    id = `${url.hostname}:${url.port}/${url.pathname.slice(1)}`;
  } catch {}
  return `shop:live:${createHash('sha256').update(id).digest('hex').slice(0, 12)}`;
}

function bus(): Bus {
  const g = globalThis as typeof globalThis & { [KEY]?: Bus };
  if (g[KEY]) return g[KEY];
  const local = new EventEmitter();
  // Every open stream listens: many shoppers on one instance are normal, not a leak.
  local.setMaxListeners(0);
  const channel = channelName();
  const url = settings().REDIS_URL;
  let pub: Redis | null = null;
  let sub: Redis | null = null;
  let ready = Promise.resolve();
  if (url) {
    const options = { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 };
    // The publisher queues while it connects (the first publish of an instance comes right after it is
    // made); publishLive gives up waiting after PUBLISH_WAIT_MS and tells this instance's listeners only.
    pub = new Redis(url, { ...options, enableOfflineQueue: true });
    sub = new Redis(url, { ...options, enableOfflineQueue: true });
    pub.on('error', (err) => log.warn({ err: String(err) }, 'live bus: redis publisher'));
    sub.on('error', (err) => log.warn({ err: String(err) }, 'live bus: redis subscriber'));
    sub.on('message', (ch: string, text: string) => {
      if (ch !== channel) return;
      try {
        const e = JSON.parse(text) as LiveEvent;
        local.emit(e.topic, e);
      } catch {}
    });
    ready = sub.subscribe(channel).then(
      () => undefined,
      (err) => log.warn({ err: String(err) }, 'live bus: subscribe failed'),
    );
  }
  // A stop (SIGTERM) ends the open streams at once, so the server's close is not held by them until its
  // grace runs out; each browser reconnects to an instance still running (docs/support.md#live-delivery).
  for (const sig of ['SIGTERM', 'SIGINT'] as const) process.once(sig, () => local.emit(STOPPING, { topic: STOPPING, kind: 'stop' }));
  onStop(async () => {
    await Promise.allSettled([pub?.quit(), sub?.quit()]);
  });
  g[KEY] = { local, pub, sub, channel, ready };
  return g[KEY];
}

/**
 * Tells every instance's listeners of `topic`. Through Redis when there is one (this instance hears
 * its own message back, once); if Redis refuses, this instance's listeners still hear it.
 */
export async function publishLive(topic: string, kind: string): Promise<void> {
  const b = bus();
  const e: LiveEvent = { topic, kind };
  if (b.pub) {
    try {
      await Promise.race([
        b.pub.publish(b.channel, JSON.stringify(e)),
        new Promise((_, no) => setTimeout(() => no(new Error('redis publish timed out')), PUBLISH_WAIT_MS).unref()),
      ]);
      return;
    } catch (err) {
      log.warn({ err: String(err) }, 'live bus: publish failed, local only');
    }
  }
  b.local.emit(topic, e);
}

/** Listens to `topic` until the answered function is called; resolves once the subscription stands. */
export async function listenLive(topic: string, fn: Listener): Promise<() => void> {
  const b = bus();
  b.local.on(topic, fn);
  b.local.on(STOPPING, fn);
  await b.ready;
  return () => {
    b.local.off(topic, fn);
    b.local.off(STOPPING, fn);
  };
}
