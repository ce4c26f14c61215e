/**
 * One cluster (docs/cluster.md#the-cluster): N instances of the production server (server.mjs) on one
 * PostgreSQL database and one Redis, started one after the other, and nginx in front. Used by
 * `npm run cluster` (scripts/cluster.mjs), the cluster test (scripts/cluster-test.mjs) and the bench.
 */
import { mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import Redis from 'ioredis';
import { startShop, waitForHealth } from '../shop-server.mjs';
import { startNginx } from './nginx.mjs';

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
  /** A process that served this long before it died counts as healthy: its next restart waits firstDelayMs again. */
  healthyAfterMs: 60_000,
};

/**
 * @param {{ port: number, instances: number, firstInstancePort: number, databaseUrl: string, redisUrl: string,
 *   siteUrl: string, dataDir: string, prefix: string, env?: object, stdio?: any | ((port: number) => any), nginxLog?: string, say?: (msg: string) => void,
 *   supervise?: boolean, onChange?: (cluster: object) => void, onUnexpectedExit?: (what: string) => void }} o
 *   supervise: once started, an instance or nginx that exits is started again with backoff (RESTART) while
 *   nginx sends the traffic to the others; without it, onUnexpectedExit is told. onChange: a pid changed.
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
    SHOP_MODE: o.env?.SHOP_MODE || process.env.SHOP_MODE || 'demo',
    TRUST_PROXY: process.env.TRUST_PROXY || '127.0.0.1/32',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  const ports = Array.from({ length: o.instances }, (_, i) => o.firstInstancePort + i);
  const cluster = { ports, children: [], nginx: null, stopping: false, supervising: false };
  /** Per process (an instance's port, or 'nginx'): crashes in a row, when it was last up, the pending restart. */
  const backoff = new Map();

  const watch = (child, what, restart) =>
    child.exited.then(({ code, signal }) => {
      if (cluster.stopping || child.expectedExit) return;
      if (cluster.supervising) scheduleRestart(what, `${code ?? signal}`, restart);
      else o.onUnexpectedExit?.(`${what} exited (${code ?? signal})`);
    });

  function scheduleRestart(what, how, restart) {
    const b = backoff.get(what) ?? { crashes: 0, upAt: 0, timer: null };
    backoff.set(what, b);
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

  /** Starts (or starts again) the instance on `port`; resolves once it answers its health check. */
  cluster.startInstance = async (port) => {
    const stdio = typeof o.stdio === 'function' ? o.stdio(port) : (o.stdio ?? 'inherit');
    const child = startShop({ port, env: { ...env, PORT: String(port) }, stdio });
    cluster.children[ports.indexOf(port)] = child;
    o.onChange?.(cluster);
    watch(child, `instance :${port}`, () => cluster.startInstance(port));
    try {
      const ms = await waitForHealth(`http://127.0.0.1:${port}`, child);
      say(`instance :${port} ready in ${ms} ms`);
    } catch (err) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      throw err;
    }
    return child;
  };

  const startFront = async () => {
    cluster.nginx = startNginx({ prefix: o.prefix, port: o.port, upstreams: ports, errorLog: o.nginxLog });
    o.onChange?.(cluster);
    watch(cluster.nginx, 'nginx', startFront);
    const nginx = cluster.nginx;
    try {
      const ms = await waitForHealth(`http://127.0.0.1:${o.port}`, nginx, 20_000);
      say(`nginx on :${o.port} ready in ${ms} ms`);
    } catch (err) {
      if (nginx.exitCode === null && nginx.signalCode === null) nginx.kill('SIGKILL');
      throw err;
    }
  };

  cluster.stop = async () => {
    if (cluster.stopping) return;
    cluster.stopping = true;
    for (const b of backoff.values()) clearTimeout(b.timer);
    if (cluster.nginx && cluster.nginx.exitCode === null) cluster.nginx.kill('SIGQUIT');
    for (const c of cluster.children) if (c && c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await Promise.all(cluster.children.map((c) => c?.exited));
    if (cluster.nginx) await cluster.nginx.exited;
  };

  try {
    // One after the other: the first makes the shared secrets in DATA_DIR and migrates; the others find both done.
    for (const port of ports) await cluster.startInstance(port);
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
    stdio: (instancePort) => {
      const log = openSync(path.join(work, `instance-${instancePort}.log`), 'a');
      return ['ignore', log, log];
    },
  });
}
