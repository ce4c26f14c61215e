/**
 * One cluster (docs/cluster.md#the-cluster): N instances of the production server (server.mjs) on one
 * PostgreSQL database and one Redis, started one after the other, and nginx in front. Used by
 * `npm run cluster` (scripts/cluster.mjs), the cluster test (scripts/cluster-test.mjs) and the bench.
 */
import { mkdirSync, openSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { startShop, waitForHealth } from '../shop-server.mjs';
import { endGroup, reloadNginx, startNginx } from './nginx.mjs';
import { holdersOf, waitUntilFree } from './ports.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resolves when Redis answers PING; rejects with a readable message otherwise. */
export async function checkRedis(url) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3000, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new Error(`Redis is not reachable at ${url}: ${err.message}. Start it: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no`);
  } finally {
    redis.disconnect();
  }
}

/** How a supervised cluster restarts what died (docs/decisions/cluster-supervisor.md). */
const RESTART = {
  /** The first restart after a crash waits this long; each crash in a row doubles it … */
  firstDelayMs: 500,
  /** … up to this. */
  maxDelayMs: 30_000,
  /**
   * A process that served this long before it died counts as healthy: its next restart waits firstDelayMs
   * again. Short, so that kills of a process that had come back are not taken for a crash loop.
   */
  healthyAfterMs: 10_000,
  /** How long a restart of nginx waits for its port to be free (workers of the dead master finishing). */
  portFreeWithinMs: 10_000,
};
/**
 * The nice value of an instance while it starts: an instance coming back is the cluster's capacity
 * returning, and on a busy host its start (loading Next, opening the database: CPU work) would otherwise
 * queue behind the very load it is to relieve. Back to 0 once it answers. Only where the runner may
 * raise a priority (root, or CAP_SYS_NICE); elsewhere instances start at the runner's own.
 */
const STARTING_NICE = -5;
/** How long a drained instance may take to stop (its own grace is 10 s: lib/server/boot/shutdown.mjs). */
const DRAIN_WITHIN_MS = 15_000;

const exited = (child) => child.exitCode !== null || child.signalCode !== null;

/** Sets the nice value of every thread of `pid` (on Linux each thread has its own); quietly nothing where not allowed. */
function renice(pid, value) {
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) os.setPriority(Number(tid), value);
  } catch {}
}

/**
 * @param {{ port: number, instances: number, firstInstancePort: number, databaseUrl: string, redisUrl: string,
 *   siteUrl: string, dataDir: string, prefix: string, env?: object, stdio?: any | ((port: number) => any), nginxLog?: string,
 *   accessLog?: string, distDir?: string, say?: (msg: string) => void,
 *   supervise?: boolean, onChange?: (cluster: object) => void, onUnexpectedExit?: (what: string) => void }} o
 *   supervise: once started, an instance or nginx that exits is started again with backoff (RESTART) while
 *   nginx sends the traffic to the others; without it, onUnexpectedExit is told. onChange: a pid changed.
 *   distDir: the build the instances serve (NEXT_DIST_DIR, relative to the checkout; .next by default).
 *   Instance slot i listens on firstInstancePort + i, or (after a reload) on its spare port, `instances` above.
 */
export async function startCluster(o) {
  const say = o.say ?? (() => {});
  await checkRedis(o.redisUrl);
  mkdirSync(o.dataDir, { recursive: true });
  const env = {
    ...process.env,
    ...o.env,
    NODE_ENV: 'production',
    DATABASE_URL: o.databaseUrl,
    REDIS_URL: o.redisUrl,
    SITE_URL: o.siteUrl,
    DATA_DIR: o.dataDir,
    // Passed on as said, never filled in: with a provider's key set, an unsaid mode stops the start
    // (docs/rules.md#environment); with none, the instances run in demo mode.
    SHOP_MODE: o.env?.SHOP_MODE || process.env.SHOP_MODE || '',
    TRUST_PROXY: process.env.TRUST_PROXY || '127.0.0.1/32',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  const ports = Array.from({ length: o.instances }, (_, i) => o.firstInstancePort + i);
  const cluster = { ports, children: [], leaving: new Set(), nginx: null, stopping: false, supervising: false, reloading: false, distDir: o.distDir ?? env.NEXT_DIST_DIR ?? '.next' };
  /** The port slot `slot` moves to on a reload: the other of its two. */
  const spareOf = (slot) => (ports[slot] === o.firstInstancePort + slot ? o.firstInstancePort + o.instances + slot : o.firstInstancePort + slot);
  /** Per process (an instance's slot, or 'nginx'): crashes in a row, when it was last up, the pending restart. */
  const backoff = new Map();

  const watch = (child, what, restart, key = what) =>
    child.exited.then(async ({ code, signal }) => {
      if (cluster.stopping || child.expectedExit) return;
      if (cluster.supervising) scheduleRestart(key, what, `${code ?? signal}`, restart);
      else o.onUnexpectedExit?.(`${what} exited (${code ?? signal})`);
    });

  function scheduleRestart(key, what, how, restart) {
    const b = backoff.get(key) ?? { crashes: 0, upAt: 0, timer: null };
    backoff.set(key, b);
    if (b.upAt && Date.now() - b.upAt >= RESTART.healthyAfterMs) b.crashes = 0;
    const delay = Math.min(RESTART.firstDelayMs * 2 ** b.crashes, RESTART.maxDelayMs);
    b.crashes++;
    b.upAt = 0;
    say(`${what} exited (${how}); starting it again in ${(delay / 1000).toFixed(1)} s`);
    b.timer = setTimeout(async () => {
      b.timer = null;
      if (cluster.stopping) return;
      try {
        await restart();
        b.upAt = Date.now();
      } catch (err) {
        // Its exit (watched) schedules the next try; one that hangs is killed so that it does.
        say(`${what} did not come back: ${err.message}`);
      }
    }, delay);
  }

  /** Starts (or starts again) the instance of `slot` on `port` from the current build; resolves once it answers its health check. */
  const startInstance = async (slot, port) => {
    const stdio = typeof o.stdio === 'function' ? o.stdio(port) : (o.stdio ?? 'inherit');
    const child = startShop({ port, env: { ...env, PORT: String(port), NEXT_DIST_DIR: cluster.distDir }, stdio });
    child.port = port;
    renice(child.pid, STARTING_NICE);
    cluster.children[slot] = child;
    ports[slot] = port;
    o.onChange?.(cluster);
    // Started again on the port it had, unless a reload has moved its slot on meanwhile.
    watch(child, `instance :${port}`, () => (cluster.children[slot] === child ? startInstance(slot, port) : Promise.resolve()), `slot ${slot}`);
    try {
      const ms = await waitForHealth(`http://127.0.0.1:${port}`, child);
      renice(child.pid, 0);
      say(`instance :${port} ready in ${ms} ms`);
    } catch (err) {
      if (!exited(child)) child.kill('SIGKILL');
      throw err;
    }
    return child;
  };

  /** Starts again the instance on `port` (one of the cluster's): the fault test's restart after its kill. */
  cluster.startInstance = (port) => {
    const slot = ports.indexOf(port);
    if (slot < 0) throw new Error(`no instance of the cluster listens on :${port}`);
    return startInstance(slot, port);
  };

  const startFront = async () => {
    // A master that died may have left workers: they are ended (its process group). On SIGQUIT they stop
    // listening at once, so the new nginx may start while they finish their requests.
    if (cluster.nginx) void endGroup(cluster.nginx.pid);
    const taken = await waitUntilFree([o.port], RESTART.portFreeWithinMs);
    if (taken.length) throw new Error(`port ${o.port} is still taken by ${holdersOf(o.port).join(', ')}`);
    cluster.nginx = startNginx({ prefix: o.prefix, port: o.port, upstreams: ports, errorLog: o.nginxLog, accessLog: o.accessLog });
    o.onChange?.(cluster);
    const nginx = cluster.nginx;
    watch(nginx, 'nginx', startFront);
    try {
      const ms = await waitForHealth(`http://127.0.0.1:${o.port}`, nginx, 20_000);
      say(`nginx on :${o.port} ready in ${ms} ms`);
    } catch (err) {
      if (!exited(nginx)) nginx.kill('SIGKILL');
      throw err;
    }
  };

  /**
   * Deploys `distDir` without downtime (docs/cluster.md#deploys-without-downtime): slot by slot, a new
   * instance on the slot's spare port, nginx pointed at it once it answers, then the old one drained
   * (SIGTERM: it finishes its requests and ends its SSE streams, whose browsers reconnect through nginx).
   * @returns {Promise<{ port: number, ms: number }[]>} each new instance's port and how long its slot took
   */
  cluster.reload = async (distDir) => {
    if (cluster.reloading) throw new Error('a reload is already under way');
    cluster.reloading = true;
    const times = [];
    const previousDist = cluster.distDir;
    try {
      cluster.distDir = distDir;
      for (let slot = 0; slot < ports.length; slot++) {
        if (cluster.stopping) throw new Error('the cluster is stopping');
        const since = Date.now();
        const old = cluster.children[slot];
        const port = spareOf(slot);
        const taken = await waitUntilFree([port], 5000);
        if (taken.length) throw new Error(`the spare port ${port} is taken by ${holdersOf(port).join(', ')}`);
        // A new instance that does not answer, or an nginx that refuses the new ports, leaves the old
        // instance in its slot, and the reload stops there. (nginx being started again meanwhile takes the new ports.)
        // Out of its slot from here on, until it has stopped: a stop meanwhile stops it too.
        if (old) cluster.leaving.add(old);
        const giveBack = () => {
          cluster.leaving.delete(old);
          cluster.children[slot] = old;
          ports[slot] = old.port;
          cluster.distDir = previousDist;
          o.onChange?.(cluster);
        };
        let fresh;
        try {
          fresh = await startInstance(slot, port);
        } catch (err) {
          giveBack();
          throw err;
        }
        try {
          await reloadNginx(cluster.nginx, ports);
        } catch (err) {
          if (!exited(cluster.nginx)) {
            fresh.expectedExit = true;
            fresh.kill('SIGTERM');
            giveBack();
            throw err;
          }
        }
        if (old && !exited(old)) {
          old.expectedExit = true;
          old.kill('SIGTERM');
          const drained = await Promise.race([old.exited.then(() => true), sleep(DRAIN_WITHIN_MS).then(() => false)]);
          if (!drained) {
            say(`instance :${old.port} did not stop within ${DRAIN_WITHIN_MS / 1000} s of SIGTERM: SIGKILL`);
            old.kill('SIGKILL');
            await old.exited;
          }
        }
        cluster.leaving.delete(old);
        times.push({ port, ms: Date.now() - since });
        say(`instance :${old?.port} replaced by :${port} (${distDir}) in ${Date.now() - since} ms`);
      }
      return times;
    } finally {
      cluster.reloading = false;
    }
  };

  cluster.stop = async () => {
    if (cluster.stopping) return;
    cluster.stopping = true;
    for (const b of backoff.values()) clearTimeout(b.timer);
    const nginx = cluster.nginx;
    if (nginx && !exited(nginx)) nginx.kill('SIGQUIT');
    const instances = [...cluster.children, ...cluster.leaving];
    for (const c of instances) if (c && !exited(c)) c.kill('SIGTERM');
    await Promise.all(instances.map((c) => c?.exited));
    if (nginx) {
      await nginx.exited;
      await endGroup(nginx.pid);
    }
  };

  try {
    // One after the other: the first makes the shared secrets in DATA_DIR and migrates; the others find both done.
    for (let slot = 0; slot < ports.length; slot++) await startInstance(slot, ports[slot]);
    await startFront();
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  cluster.supervising = Boolean(o.supervise);
  return cluster;
}

/**
 * A cluster of two for a script's own run (the cluster test, the bench): instances on port+1 and port+2,
 * nginx on port, everything it writes under `work` — the shared DATA_DIR (`data/`), nginx's prefix and
 * log, and each instance's whole log (`instance-<port>.log`), for the script to read or keep.
 * @param {{ work: string, port: number, databaseUrl: string, siteUrl: string, env?: object, say?: (msg: string) => void,
 *   onUnexpectedExit?: (what: string) => void }} o
 */
export function startWorkCluster({ work, port, ...rest }) {
  return startCluster({
    ...rest,
    port,
    instances: 2,
    firstInstancePort: port + 1,
    redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    dataDir: path.join(work, 'data'),
    prefix: path.join(work, 'nginx'),
    nginxLog: path.join(work, 'nginx.log'),
    accessLog: path.join(work, 'access.log'),
    stdio: (instancePort) => {
      const log = openSync(path.join(work, `instance-${instancePort}.log`), 'a');
      return ['ignore', log, log];
    },
  });
}
