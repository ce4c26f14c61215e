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

/**
 * @param {{ port: number, instances: number, firstInstancePort: number, databaseUrl: string, redisUrl: string,
 *   siteUrl: string, dataDir: string, prefix: string, env?: object, stdio?: any | ((port: number) => any), nginxLog?: string, say?: (msg: string) => void,
 *   onUnexpectedExit?: (what: string) => void }} o
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
  const cluster = { ports, children: [], nginx: null, stopping: false };

  const watch = (child, what) =>
    child.exited.then(({ code, signal }) => {
      if (!cluster.stopping && !child.expectedExit) o.onUnexpectedExit?.(`${what} exited (${code ?? signal})`);
    });

  /** Starts (or starts again) the instance on `port`; resolves once it answers its health check. */
  cluster.startInstance = async (port) => {
    const stdio = typeof o.stdio === 'function' ? o.stdio(port) : (o.stdio ?? 'inherit');
    const child = startShop({ port, env: { ...env, PORT: String(port) }, stdio });
    cluster.children[ports.indexOf(port)] = child;
    watch(child, `instance :${port}`);
    const ms = await waitForHealth(`http://127.0.0.1:${port}`, child);
    say(`instance :${port} ready in ${ms} ms`);
    return child;
  };

  cluster.stop = async () => {
    if (cluster.stopping) return;
    cluster.stopping = true;
    if (cluster.nginx && cluster.nginx.exitCode === null) cluster.nginx.kill('SIGQUIT');
    for (const c of cluster.children) if (c && c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await Promise.all(cluster.children.map((c) => c?.exited));
    if (cluster.nginx) await cluster.nginx.exited;
  };

  try {
    // One after the other: the first makes the shared secrets in DATA_DIR and migrates; the others find both done.
    for (const port of ports) await cluster.startInstance(port);
    cluster.nginx = startNginx({ prefix: o.prefix, port: o.port, upstreams: ports, errorLog: o.nginxLog });
    watch(cluster.nginx, 'nginx');
    const ms = await waitForHealth(`http://127.0.0.1:${o.port}`, cluster.nginx, 20_000);
    say(`nginx on :${o.port} ready in ${ms} ms`);
  } catch (err) {
    await cluster.stop();
    throw err;
  }
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
