#!/usr/bin/env node
/**
 * `npm run cluster [-- start|stop|status|reload]`: the shop as it runs on a cluster (docs/cluster.md#the-cluster):
 * nginx in front of CLUSTER_INSTANCES instances of the production server on one PostgreSQL database and
 * one Redis, supervised by this process (docs/decisions/cluster-supervisor.md).
 *   start (the default)  runs the cluster in the foreground; an instance (or nginx) that dies is started
 *                        again with backoff while nginx sends its traffic to the others
 *   stop                 stops the cluster running on CLUSTER_PORT (from another terminal), gracefully;
 *                        returns once every port of it is closed
 *   status               says whether it runs, how each process answers and which build each instance
 *                        serves; exit status 3 when it does not
 *   reload               deploys without downtime (from another terminal; SIGUSR2 to the runner, which does
 *                        the work): builds once into a new dist dir, then replaces the instances one at a time
 *   CLUSTER_PORT           where nginx listens (8080); names the cluster for stop and status
 *   CLUSTER_INSTANCES      how many instances (2), on 127.0.0.1:CLUSTER_INSTANCE_PORT (3101), the next port …
 *   DATABASE_URL           the database (postgres://postgres@127.0.0.1:5432/liangdun_shop, made when missing)
 *   REDIS_URL              the page cache every instance shares (redis://127.0.0.1:6379)
 *   SHOP_MODE              demo or live (unset: demo, unless a provider key is set: docs/rules.md#environment); DATA_DIR (.data-cluster) holds the secrets every instance shares
 *   CLUSTER_SKIP_BUILD=1   run the build as it is, even one made for another SITE_URL (the tests do); a
 *                          reload then deploys a copy of it under a new build id instead of building
 * Builds first when the build is missing or was made for another SITE_URL. The pid file
 * .cluster/cluster-<port>.pid (JSON: this process, each instance, nginx) is what stop and status read.
 * nginx sets the client's address (the instances trust it through TRUST_PROXY) and keeps public pages
 * for a few seconds; never a personal page or the API. Ctrl-C, SIGTERM or `stop` stops nginx, then each
 * instance gracefully. nginx's access log is .cluster/logs/access-<port>.log, rotated daily.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { rotateDaily } from './cluster/access-log.mjs';
import { claimPidFile, readReloadRequest, reload as requestReload, status, stop as stopCluster } from './cluster/control.mjs';
import { buildIdOf, deployedDist, makeBuild, pruneDists, recordDeployed } from './cluster/deploy.mjs';
import { NGINX_BIN, reopenLogs } from './cluster/nginx.mjs';
import { startCluster } from './cluster/start.mjs';
import { ROOT } from './shop-server.mjs';

const PORT = Number(process.env.CLUSTER_PORT || 8080);
const INSTANCES = Number(process.env.CLUSTER_INSTANCES || 2);
const FIRST_INSTANCE_PORT = Number(process.env.CLUSTER_INSTANCE_PORT || 3101);
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/liangdun_shop';
const SITE_URL = process.env.SITE_URL || `http://localhost:${PORT}`;
const DATA_DIR = path.resolve(ROOT, process.env.DATA_DIR || '.data-cluster');
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const SKIP_BUILD = process.env.CLUSTER_SKIP_BUILD === '1';
/** The build the instances serve: the one the last reload deployed, or NEXT_DIST_DIR (.next). */
const distDir = deployedDist(PORT) ?? (process.env.NEXT_DIST_DIR || '.next');
const dist = path.join(ROOT, distDir);
const ACCESS_LOG = path.join(ROOT, '.cluster', 'logs', `access-${PORT}.log`);

const say = (msg) => console.log(`[cluster] ${msg}`);

function fail(msg) {
  console.error(`[cluster] ${msg}`);
  process.exit(1);
}

const command = process.argv[2] ?? 'start';
if (!['start', 'stop', 'status', 'reload'].includes(command) || process.argv.length > 3) {
  console.error('usage: npm run cluster [-- start|stop|status|reload]   (CLUSTER_PORT names the cluster: 8080)');
  process.exit(2);
}
if (command === 'stop') process.exit(await stopCluster(PORT));
if (command === 'status') process.exit(await status(PORT));
if (command === 'reload') process.exit(await requestReload(PORT));

if (!Number.isInteger(INSTANCES) || INSTANCES < 1 || INSTANCES > 16) fail('CLUSTER_INSTANCES must be 1–16');
if (!NGINX_BIN) fail("nginx is missing: apt-get install -y nginx (Debian's package), or set NGINX_BIN");

/** The database named in DATABASE_URL, created on its server when it does not exist yet. */
async function ensureDatabase() {
  const url = new URL(DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) fail(`DATABASE_URL names a database the script will not create: ${name}`);
  const admin = new URL(DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    fail(`PostgreSQL is not reachable at ${url.host}: ${err.message}`);
  }
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await client.query(`create database ${name}`);
      say(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/** A production build made for SITE_URL (static pages carry it in their canonical links). */
function ensureBuild() {
  if (SKIP_BUILD || distDir !== (process.env.NEXT_DIST_DIR || '.next')) {
    if (!existsSync(path.join(dist, 'BUILD_ID'))) fail(`CLUSTER_SKIP_BUILD=1 but there is no build in ${dist}`);
    return;
  }
  const marker = path.join(dist, 'SHOP_SITE_URL');
  if (existsSync(path.join(dist, 'BUILD_ID')) && existsSync(marker) && readFileSync(marker, 'utf8') === SITE_URL) return;
  say(`building for ${SITE_URL}`);
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, SITE_URL } });
  if (built.status !== 0) fail('the build failed');
  writeFileSync(marker, SITE_URL);
}

let recordPids;
try {
  recordPids = claimPidFile({ port: PORT, siteUrl: SITE_URL });
} catch (err) {
  fail(err.message);
}
await ensureDatabase();
ensureBuild();

if (distDir !== (process.env.NEXT_DIST_DIR || '.next')) say(`serving ${distDir}, which the last reload deployed`);
await pruneDists(PORT, distDir);
const prefix = path.join(ROOT, '.cluster', `nginx-${PORT}`);
/** The cluster, known from its first process on (a stop during the start stops what has started). */
let cluster = null;
async function stop(code) {
  say('stopping');
  await cluster?.stop();
  process.exit(code);
}
// SIGHUP too: the runner's terminal closed is a stop, as Ctrl-C in it is.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => void stop(0));

/**
 * `npm run cluster -- reload` (SIGUSR2): one build, then the instances replaced one at a time
 * (scripts/cluster/start.mjs); its progress and result go to the pid file, where the command waits for them.
 */
let reloading = false;
async function reload() {
  const request = readReloadRequest(PORT);
  if (reloading || !cluster?.supervising) {
    recordPids({ reload: { request, state: 'refused', message: reloading ? 'a reload is already under way' : 'the cluster is still starting' } });
    return;
  }
  reloading = true;
  const startedAt = new Date().toISOString();
  const since = Date.now();
  recordPids({ reload: { request, state: 'building', startedAt } });
  try {
    const from = cluster.distDir;
    const next = await makeBuild({ port: PORT, fromDist: from, siteUrl: SITE_URL, copy: SKIP_BUILD, say });
    const builtMs = Date.now() - since;
    recordPids({ reload: { request, state: 'replacing', startedAt } });
    const instances = await cluster.reload(next);
    recordDeployed(PORT, next);
    const build = buildIdOf(next);
    say(`reload done: build ${build} on ${instances.map((t) => `:${t.port} (${(t.ms / 1000).toFixed(1)} s)`).join(', ')}, built in ${(builtMs / 1000).toFixed(1)} s`);
    recordPids({ reload: { request, state: 'done', startedAt, build, builtMs, instances, ms: Date.now() - since } });
    await pruneDists(PORT, next).catch((err) => say(`could not remove an older build: ${err.message}`));
  } catch (err) {
    say(`reload failed: ${err.message}`);
    recordPids({ reload: { request, state: 'failed', startedAt, message: err.message } });
  } finally {
    reloading = false;
  }
}
process.on('SIGUSR2', () => void reload());

try {
  cluster = await startCluster({
    port: PORT,
    instances: INSTANCES,
    firstInstancePort: FIRST_INSTANCE_PORT,
    databaseUrl: DATABASE_URL,
    redisUrl: REDIS_URL,
    siteUrl: SITE_URL,
    dataDir: DATA_DIR,
    prefix,
    distDir,
    accessLog: ACCESS_LOG,
    say,
    // Once started, an instance or nginx that dies is started again with backoff (docs/decisions/cluster-supervisor.md).
    supervise: true,
    onChange: (c) => {
      cluster = c;
      recordPids({ instances: Object.fromEntries(cluster.ports.map((p, i) => [p, cluster.children[i]?.pid])), nginx: cluster.nginx?.pid ?? null });
    },
    onUnexpectedExit: (what) => {
      console.error(`[cluster] ${what}`);
      void stop(1);
    },
  });
} catch (err) {
  fail(err.message);
}
rotateDaily({ file: ACCESS_LOG, reopen: () => cluster.nginx && reopenLogs(cluster.nginx), say });
const db = new URL(DATABASE_URL);
say(`量盾商城 on ${SITE_URL}: nginx → ${INSTANCES} instances (${cluster.ports.map((p) => `:${p}`).join(', ')}), ${db.pathname.slice(1)} on ${db.host}, Redis ${new URL(REDIS_URL).host}`);
