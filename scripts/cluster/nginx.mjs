/**
 * The cluster's front (docs/cluster.md#the-cluster): Debian's nginx with a configuration of its own per
 * run under `<prefix>/` (no system files touched), in front of the instances' ports.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const NGINX_BIN = process.env.NGINX_BIN || ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
/** How long nginx keeps a public page (the instances revalidate their shared cache by tag at once). */
const MICRO_CACHE_SECONDS = 5;

function nginxConf({ prefix, port, upstreams, errorLog }) {
  const tmp = (name) => path.join(prefix, 'tmp', name);
  // Run as root, nginx's workers would become nobody and could not write their cache and temp folders here.
  const user = process.getuid?.() === 0 ? 'user root root;\n' : '';
  return `# Made by scripts/cluster/nginx.mjs for this run; not edited by hand.
${user}worker_processes auto;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${errorLog} warn;
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
    # An instance that died mid-request: an idempotent request goes to the next one.
    proxy_next_upstream error;

    # Each instance's own metrics, for Prometheus asking it on its own port (docs/metrics.md#on-the-cluster):
    # never through the front, which would answer for whichever instance it picked, and never cached.
    location = /metrics {
      add_header Cache-Control "no-store" always;
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

/**
 * Writes a fresh configuration under `prefix` and starts nginx in the foreground; `.exited` resolves when
 * it ends. Its errors go to `errorLog` (a file), or to stderr.
 */
export function startNginx({ prefix, port, upstreams, errorLog = 'stderr' }) {
  if (!NGINX_BIN) throw new Error("nginx is missing: apt-get install -y nginx (Debian's package), or set NGINX_BIN");
  rmSync(prefix, { recursive: true, force: true });
  for (const dir of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi', 'cache']) mkdirSync(path.join(prefix, dir), { recursive: true });
  writeFileSync(path.join(prefix, 'nginx.conf'), nginxConf({ prefix, port, upstreams, errorLog }));
  const nginx = spawn(NGINX_BIN, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', errorLog, '-g', 'daemon off;'], { stdio: 'inherit' });
  nginx.exited = new Promise((resolve) => nginx.once('exit', (code, signal) => resolve({ code, signal })));
  return nginx;
}
