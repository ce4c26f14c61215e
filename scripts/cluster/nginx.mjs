/**
 * The cluster's front (docs/cluster.md#the-cluster): Debian's nginx with a configuration of its own per
 * run under `<prefix>/` (no system files touched), in front of the instances' ports.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const NGINX_BIN = process.env.NGINX_BIN || ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
/** How long nginx keeps a public page (the instances revalidate their shared cache by tag at once). */
const MICRO_CACHE_SECONDS = 5;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Anonymous POSTs per client address (login, SMS codes, leads, 在线客服): a steady rate and a burst a shopper never reaches. */
export const ANON_POST_LIMIT = { perSecond: 2, burst: 30 };
/** The front's answer past that limit: the shop's envelope, in Chinese (lib/server/http/envelope.ts). */
const TOO_MANY = JSON.stringify({ resultCode: 429, message: '请求过于频繁，请稍后再试' });
/**
 * How many instances one request may be tried on, and for how long after it began: a request that
 * failed this late ran long on an instance (a runaway the watchdog ended) and must not be sent to another.
 */
const RETRY = { tries: 3, withinSeconds: 5 };
/**
 * A request carrying an Idempotency-Key goes to @keyed, which may send it again even after an instance may
 * have seen it: the shop answers a repeated key with the first answer instead of doing it twice. (@keyed's
 * limit answers 429 through @too_many too: a second error page after this one, hence recursive.)
 */
const KEYED = `recursive_error_pages on;
      error_page 418 = @keyed;
      error_page 429 = @too_many;
      if ($http_idempotency_key) {
        return 418;
      }`;

/**
 * The configuration (docs/cluster.md#the-cluster). `upstreams` are the instances' ports; `accessLog` the
 * file of one JSON line per request, outside the prefix (which each start wipes) so that it is kept.
 */
export function nginxConf({ prefix, port, upstreams, errorLog, accessLog }) {
  const tmp = (name) => path.join(prefix, 'tmp', name);
  // Run as root, nginx's workers would become nobody and could not write their cache and temp folders here.
  const user = process.getuid?.() === 0 ? 'user root root;\n' : '';
  return `# Made by scripts/cluster/nginx.mjs for this run; not edited by hand.
${user}worker_processes auto;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${errorLog} warn;
events { worker_connections 4096; }
# A reload (npm run cluster -- reload) or a stop lets old workers finish their requests; an SSE stream the
# instance does not end itself is cut after this, and its browser reconnects.
worker_shutdown_timeout 10s;
http {
  # One JSON line per request (docs/cluster.md#the-fronts-access-log): the path without its query (which may hold a
  # search or a phone number), kept six months (docs/privacy.md), rotated daily by the runner.
  log_format shop escape=json '{"time":"$time_iso8601","request_id":"$request_id","method":"$request_method",'
    '"uri":"$uri","status":$status,"upstream":"$upstream_addr","upstream_time":"$upstream_response_time",'
    '"time_total":$request_time,"client":"$remote_addr"}';
  access_log ${accessLog ?? 'off'}${accessLog ? ' shop' : ''};
  # A cached page is a file of the cache below: the kernel sends it, with no copy through the worker, and
  # its descriptor stays open between the requests that read it (the cache checks the file's inode
  # against its own record at each read, so a page stored anew is never read from the old file).
  # Measured: the front's page rows 33–41k → 41–48k req/s (docs/bench.md).
  sendfile on;
  tcp_nopush on;
  open_file_cache max=1000 inactive=10s;
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
  # The anonymous POSTs, counted per client address; every other request has the empty key, which is not counted.
  map "$request_method:$uri" $anon_post {
    ~^POST:/api/v1/(auth/|leads|support) $binary_remote_addr;
    default "";
  }
  limit_req_zone $anon_post zone=anon_post:10m rate=${ANON_POST_LIMIT.perSecond}r/s;

  upstream shop {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 64;
  }

  server {
    listen ${port};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    # The edge: the client's address is the connection's, whatever X-Forwarded-For it sent (appending
    # would let a client on a trusted address, such as this host, name any address it likes).
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;
    # One id per request, in this access log, the instance's (which adopts it from its trusted proxy) and
    # the client's answer; an id the client or the instance sent is not passed on.
    proxy_set_header X-Request-Id $request_id;
    proxy_hide_header X-Request-Id;
    add_header X-Request-Id $request_id always;
    # Retries (docs/decisions/cluster-retries.md): only a request whose instance failed it before answering
    # (a refused connect, a kept-alive connection found dead) goes to another instance, and not when it
    # failed after RETRY.withinSeconds; never one that timed out or that the instance shed with 502/503/504.
    # nginx never repeats a POST it wrote, except one with an Idempotency-Key (@keyed below).
    proxy_next_upstream error;
    proxy_next_upstream_tries ${RETRY.tries};
    proxy_next_upstream_timeout ${RETRY.withinSeconds}s;

    limit_req zone=anon_post burst=${ANON_POST_LIMIT.burst} nodelay;
    limit_req_status 429;
    error_page 429 = @too_many;
    location @too_many {
      default_type "application/json; charset=utf-8";
      add_header Retry-After 1 always;
      add_header Cache-Control "no-store" always;
      add_header X-Request-Id $request_id always;
      return 429 '${TOO_MANY}';
    }

    # Each instance's own metrics, for Prometheus asking it on its own port (docs/metrics.md#on-the-cluster):
    # never through the front, which would answer for whichever instance it picked, and never cached.
    location = /metrics {
      add_header Cache-Control "no-store" always;
      add_header X-Request-Id $request_id always;
      return 404;
    }
    # 在线客服's server-sent events (docs/support.md#live-delivery): each event goes out as it is written,
    # never buffered or cached here, and a quiet connection (a heartbeat every 15 s) is not cut.
    location ~ ^/api/v1/support/conversations/[0-9]+/stream$ {
      proxy_pass http://shop;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
    location /api/ {
      ${KEYED}
      proxy_pass http://shop;
    }
    location @keyed {
      proxy_pass http://shop;
      proxy_next_upstream error non_idempotent;
    }
    location /admin {
      ${KEYED}
      proxy_pass http://shop;
    }
    location / {
      ${KEYED}
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
      add_header X-Request-Id $request_id always;
    }
  }
}
`;
}

/**
 * Writes a fresh configuration under `prefix` and starts nginx in the foreground, in a process group of
 * its own (its pid is the group's id): if the master dies, `endGroup` ends the workers it left, which
 * would otherwise hold the port. `.exited` resolves when the master ends. Its errors go to `errorLog`
 * (a file), or to stderr.
 */
export function startNginx({ prefix, port, upstreams, errorLog = 'stderr', accessLog }) {
  if (!NGINX_BIN) throw new Error("nginx is missing: apt-get install -y nginx (Debian's package), or set NGINX_BIN");
  rmSync(prefix, { recursive: true, force: true });
  for (const dir of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi', 'cache']) mkdirSync(path.join(prefix, dir), { recursive: true });
  if (accessLog) mkdirSync(path.dirname(accessLog), { recursive: true });
  writeFileSync(path.join(prefix, 'nginx.conf'), nginxConf({ prefix, port, upstreams, errorLog, accessLog }));
  const nginx = spawn(NGINX_BIN, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', errorLog, '-g', 'daemon off;'], { stdio: 'inherit', detached: true });
  nginx.exited = new Promise((resolve) => nginx.once('exit', (code, signal) => resolve({ code, signal })));
  nginx.config = { prefix, port, errorLog, accessLog };
  return nginx;
}

/** The pids in nginx's process group `pgid` (its master's pid) still alive: the master and its workers. */
export function groupMembers(pgid) {
  const members = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 5 of /proc/<pid>/stat is the process group; the command (field 2) may hold spaces, hence after ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === pgid) members.push(Number(entry));
    } catch {}
  }
  return members;
}

/**
 * Ends what is left of nginx's process group `pgid`: workers whose master died keep serving and keep the
 * port. SIGQUIT first (they stop listening at once and finish their requests), SIGKILL after `graceMs`.
 * Resolves when the group is empty.
 */
export async function endGroup(pgid, graceMs = 5000) {
  const signal = (sig) => {
    try {
      process.kill(-pgid, sig);
    } catch {} // ESRCH: nobody left
  };
  if (!groupMembers(pgid).length) return;
  signal('SIGQUIT');
  const until = Date.now() + graceMs;
  while (groupMembers(pgid).length) {
    if (Date.now() > until) {
      signal('SIGKILL');
      await sleep(100);
      if (Date.now() > until + 5000) return;
    }
    await sleep(50);
  }
}

/**
 * Points the running nginx at other instances: rewrites its configuration and sends SIGHUP to the master,
 * which starts new workers with it and lets the old ones finish their requests. Resolves once a new worker
 * runs (nginx keeps the old configuration and says why in its error log when the new one is wrong).
 */
export async function reloadNginx(nginx, upstreams) {
  writeFileSync(path.join(nginx.config.prefix, 'nginx.conf'), nginxConf({ ...nginx.config, upstreams }));
  const before = new Set(groupMembers(nginx.pid));
  process.kill(nginx.pid, 'SIGHUP');
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (groupMembers(nginx.pid).some((p) => !before.has(p))) return;
    await sleep(50);
  }
  throw new Error(`nginx (pid ${nginx.pid}) started no worker with the new configuration within 10 s: see its error log`);
}

/** Asks nginx to open its access log again (after the runner renamed it: scripts/cluster/access-log.mjs). */
export function reopenLogs(nginx) {
  process.kill(nginx.pid, 'SIGUSR1');
}
