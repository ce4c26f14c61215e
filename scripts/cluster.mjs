#!/usr/bin/env node
/**
 * `npm run cluster [-- start|stop|status]`: the shop as it runs on a cluster (docs/cluster.md#the-cluster):
 * nginx in front of CLUSTER_INSTANCES instances of the production server on one PostgreSQL database and
 * one Redis, supervised by this process (docs/decisions/cluster-supervisor.md).
 *   start (the default)  runs the cluster in the foreground; an instance (or nginx) that dies is started
 *                        again with backoff while nginx sends its traffic to the others
 *   stop                 stops the cluster running on CLUSTER_PORT (from another terminal), gracefully
 *   status               says whether it runs and how each process answers; exit status 3 when it does not
 *   CLUSTER_PORT           where nginx listens (8080); names the cluster for stop and status
 *   CLUSTER_INSTANCES      how many instances (2), on 127.0.0.1:CLUSTER_INSTANCE_PORT (3101), the next port …
 *   DATABASE_URL           the database (postgres://postgres@127.0.0.1:5432/liangdun_shop, made when missing)
 *   REDIS_URL              the page cache every instance shares (redis://127.0.0.1:6379)
 *   SHOP_MODE              demo (default) or live; DATA_DIR (.data-cluster) holds the secrets every instance shares
 *   CLUSTER_SKIP_BUILD=1   run the build as it is, even one made for another SITE_URL (the tests do)
 * Builds first when the build is missing or was made for another SITE_URL. The pid file
 * .cluster/cluster-<port>.pid (JSON: this process, each instance, nginx) is what stop and status read.
 * nginx sets the client's address (the instances trust it through TRUST_PROXY) and keeps public pages
 * for a few seconds; never a personal page or the API. Ctrl-C, SIGTERM or `stop` stops nginx, then each
 * instance gracefully.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { claimPidFile, status, stop as stopCluster } from './cluster/control.mjs';
import { NGINX_BIN } from './cluster/nginx.mjs';
import { startCluster } from './cluster/start.mjs';
import { ROOT } from './shop-server.mjs';

const PORT = Number(process.env.CLUSTER_PORT || 8080);
const INSTANCES = Number(process.env.CLUSTER_INSTANCES || 2);
const FIRST_INSTANCE_PORT = Number(process.env.CLUSTER_INSTANCE_PORT || 3101);
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/liangdun_shop';
const SITE_URL = process.env.SITE_URL || `http://localhost:${PORT}`;
const DATA_DIR = path.resolve(ROOT, process.env.DATA_DIR || '.data-cluster');
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const dist = path.join(ROOT, process.env.NEXT_DIST_DIR || '.next');

const say = (msg) => console.log(`[cluster] ${msg}`);

function fail(msg) {
  console.error(`[cluster] ${msg}`);
  process.exit(1);
}

const command = process.argv[2] ?? 'start';
if (!['start', 'stop', 'status'].includes(command) || process.argv.length > 3) {
  console.error('usage: npm run cluster [-- start|stop|status]   (CLUSTER_PORT names the cluster: 8080)');
  process.exit(2);
}
if (command === 'stop') process.exit(await stopCluster(PORT));
if (command === 'status') process.exit(await status(PORT));

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
  if (process.env.CLUSTER_SKIP_BUILD === '1') {
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

const prefix = path.join(ROOT, '.cluster', `nginx-${PORT}`);
/** The cluster, known from its first process on (a stop during the start stops what has started). */
let cluster = null;
async function stop(code) {
  say('stopping');
  await cluster?.stop();
  process.exit(code);
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void stop(0));

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
const db = new URL(DATABASE_URL);
say(`量盾商城 on ${SITE_URL}: nginx → ${INSTANCES} instances (${cluster.ports.map((p) => `:${p}`).join(', ')}), ${db.pathname.slice(1)} on ${db.host}, Redis ${new URL(REDIS_URL).host}`);
