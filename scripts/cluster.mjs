#!/usr/bin/env node
/**
 * `npm run cluster`: the shop as it runs on a cluster (docs/cluster.md#the-cluster): nginx in front of
 * CLUSTER_INSTANCES instances of the production server on one PostgreSQL database.
 *   CLUSTER_PORT       where nginx listens (8080)
 *   CLUSTER_INSTANCES  how many instances (2), on 127.0.0.1:3101, 3102 …
 *   DATABASE_URL       the database (postgres://postgres@127.0.0.1:5432/liangdun_shop, made when missing)
 *   SHOP_MODE          demo (default) or live; DATA_DIR (.data-cluster) holds the secrets every instance shares
 * Builds first when the build is missing or was made for another SITE_URL. nginx passes the client's
 * address (the instances trust it through TRUST_PROXY) and keeps public pages for a few seconds; never
 * a personal page or the API. Ctrl-C (or SIGTERM) stops nginx, then each instance gracefully.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ROOT, startShop, waitForHealth } from './shop-server.mjs';

const PORT = Number(process.env.CLUSTER_PORT || 8080);
const INSTANCES = Number(process.env.CLUSTER_INSTANCES || 2);
const FIRST_INSTANCE_PORT = 3101;
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/liangdun_shop';
const SITE_URL = process.env.SITE_URL || `http://localhost:${PORT}`;
const DATA_DIR = path.resolve(ROOT, process.env.DATA_DIR || '.data-cluster');
const NGINX = process.env.NGINX_BIN || ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
/** How long nginx keeps a public page (the instances revalidate their own caches by tag at once). */
const MICRO_CACHE_SECONDS = 5;
const dist = path.join(ROOT, process.env.NEXT_DIST_DIR || '.next');
const prefix = path.join(ROOT, '.cluster', `nginx-${PORT}`);

const say = (msg) => console.log(`[cluster] ${msg}`);

function fail(msg) {
  console.error(`[cluster] ${msg}`);
  process.exit(1);
}

if (!Number.isInteger(INSTANCES) || INSTANCES < 1 || INSTANCES > 16) fail('CLUSTER_INSTANCES must be 1–16');
if (!NGINX) fail('nginx is missing: apt-get install -y nginx (Debian\'s package), or set NGINX_BIN');

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
  const marker = path.join(dist, 'SHOP_SITE_URL');
  if (existsSync(path.join(dist, 'BUILD_ID')) && existsSync(marker) && readFileSync(marker, 'utf8') === SITE_URL) return;
  say(`building for ${SITE_URL}`);
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, SITE_URL } });
  if (built.status !== 0) fail('the build failed');
  writeFileSync(marker, SITE_URL);
}

function nginxConf(ports) {
  const tmp = (name) => path.join(prefix, 'tmp', name);
  // Run as root, nginx's workers would become nobody and could not write their cache and temp folders here.
  const user = process.getuid?.() === 0 ? 'user root root;\n' : '';
  return `# Made by scripts/cluster.mjs for this run; not edited by hand.
${user}worker_processes auto;
pid ${path.join(prefix, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${tmp('body')};
  proxy_temp_path ${tmp('proxy')};
  fastcgi_temp_path ${tmp('fastcgi')};
  uwsgi_temp_path ${tmp('uwsgi')};
  scgi_temp_path ${tmp('scgi')};
  # after-sales photos are at most 5 MB
  client_max_body_size 6m;
  proxy_cache_path ${path.join(prefix, 'cache')} levels=1:2 keys_zone=pages:10m max_size=200m inactive=1m use_temp_path=off;

  # Only what the shop itself calls public is kept (its cached catalog and content pages).
  map $upstream_http_cache_control $not_public {
    ~*public 0;
    default 1;
  }

  upstream shop {
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 64;
  }

  server {
    listen ${PORT};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    # An instance that died mid-request: an idempotent request goes to the next one.
    proxy_next_upstream error timeout http_502 http_503;

    location /api/ {
      proxy_pass http://shop;
    }
    location /admin {
      proxy_pass http://shop;
    }
    location / {
      proxy_pass http://shop;
      proxy_cache pages;
      proxy_cache_key $scheme$host$request_uri;
      proxy_cache_methods GET HEAD;
      # The shop says s-maxage=60 for a CDN; here a page lives ${MICRO_CACHE_SECONDS} s, and never one that is not public or sets a cookie.
      proxy_ignore_headers Cache-Control Expires;
      proxy_no_cache $not_public $upstream_http_set_cookie;
      proxy_cache_bypass $http_authorization;
      proxy_cache_valid 200 ${MICRO_CACHE_SECONDS}s;
      proxy_cache_lock on;
      proxy_cache_use_stale updating error timeout;
      add_header X-Cache $upstream_cache_status always;
    }
  }
}
`;
}

await ensureDatabase();
ensureBuild();

const ports = Array.from({ length: INSTANCES }, (_, i) => FIRST_INSTANCE_PORT + i);
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL,
  SITE_URL,
  DATA_DIR,
  SHOP_MODE: process.env.SHOP_MODE || 'demo',
  TRUST_PROXY: process.env.TRUST_PROXY || '127.0.0.1/32',
  NEXT_TELEMETRY_DISABLED: '1',
};
mkdirSync(DATA_DIR, { recursive: true });

const children = [];
let nginx = null;
let stopping = false;

async function stop(code) {
  if (stopping) return;
  stopping = true;
  say('stopping');
  if (nginx && nginx.exitCode === null) nginx.kill('SIGQUIT');
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => c.exited));
  if (nginx) await nginx.exited;
  process.exit(code);
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void stop(0));

// One after the other: the first makes the shared secrets in DATA_DIR and migrates; the others find both done.
for (const port of ports) {
  const child = startShop({ port, env: { ...env, PORT: String(port) } });
  children.push(child);
  child.exited.then(({ code, signal }) => {
    if (!stopping) {
      console.error(`[cluster] instance :${port} exited (${code ?? signal})`);
      void stop(1);
    }
  });
  try {
    const ms = await waitForHealth(`http://127.0.0.1:${port}`, child);
    say(`instance :${port} ready in ${ms} ms`);
  } catch (err) {
    console.error(`[cluster] instance :${port}: ${err.message}`);
    await stop(1);
  }
}

rmSync(prefix, { recursive: true, force: true });
for (const dir of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi', 'cache']) mkdirSync(path.join(prefix, dir), { recursive: true });
writeFileSync(path.join(prefix, 'nginx.conf'), nginxConf(ports));
nginx = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'], { stdio: 'inherit' });
nginx.exited = new Promise((resolve) => nginx.once('exit', (code, signal) => resolve({ code, signal })));
nginx.exited.then(({ code, signal }) => {
  if (!stopping) {
    console.error(`[cluster] nginx exited (${code ?? signal})`);
    void stop(1);
  }
});
try {
  const ms = await waitForHealth(`http://127.0.0.1:${PORT}`, nginx, 20_000);
  say(`量盾商城 on ${SITE_URL}: nginx → ${INSTANCES} instances (${ports.map((p) => `:${p}`).join(', ')}), ${new URL(DATABASE_URL).pathname.slice(1)} on ${new URL(DATABASE_URL).host} (ready in ${ms} ms)`);
} catch (err) {
  console.error(`[cluster] nginx: ${err.message}`);
  await stop(1);
}
