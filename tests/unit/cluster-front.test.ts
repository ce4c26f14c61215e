/**
 * The cluster's front as written by scripts/cluster/nginx.mjs (docs/cluster.md#the-cluster,
 * docs/decisions/cluster-retries.md) and the port lookup the runner's restart and `stop` rely on
 * (scripts/cluster/ports.mjs). The cluster test exercises both end to end; these pin the rules that
 * would otherwise only show up as a rare lost or doubled request.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';

// Plain .mjs scripts without declarations: typed here as the test uses them.
type Conf = (o: { prefix: string; port: number; upstreams: number[]; errorLog: string; accessLog?: string }) => string;
type Ports = { isListening: (port: number) => boolean; holdersOf: (port: number) => string[] };
const NGINX = '../../scripts/cluster/nginx.mjs';
const PORTS = '../../scripts/cluster/ports.mjs';
const { nginxConf } = (await import(NGINX)) as { nginxConf: Conf };
const { isListening, holdersOf } = (await import(PORTS)) as Ports;

const conf = nginxConf({ prefix: '/tmp/x', port: 8080, upstreams: [3101, 3102], errorLog: '/tmp/x/error.log', accessLog: '/tmp/logs/access-8080.log' });
const directives = (name: string) => conf.split('\n').map((l) => l.trim()).filter((l) => l.startsWith(`${name} `));

describe('the cluster front (nginx)', () => {
  it('sends a request to another instance only when none answered it: never after a timeout or a 502/503/504', () => {
    const retries = directives('proxy_next_upstream');
    expect(retries).toEqual(['proxy_next_upstream error;', 'proxy_next_upstream error non_idempotent;']);
    expect(conf).toMatch(/proxy_next_upstream_tries 3;/);
    expect(conf).toMatch(/proxy_next_upstream_timeout 5s;/);
  });

  it('retries a POST only in @keyed, which only a request with an Idempotency-Key reaches', () => {
    const keyed = conf.slice(conf.indexOf('location @keyed'));
    expect(keyed.slice(0, keyed.indexOf('}'))).toContain('non_idempotent');
    expect(conf).toMatch(/if \(\$http_idempotency_key\) \{\s*return 418;\s*\}/);
    // every location that proxies mutations sends keyed ones there
    for (const loc of ['location /api/ {', 'location /admin {', 'location / {']) {
      const body = conf.slice(conf.indexOf(loc), conf.indexOf('}', conf.indexOf('return 418', conf.indexOf(loc))));
      expect(body).toContain('error_page 418 = @keyed;');
    }
  });

  it('limits the anonymous POSTs per address and answers 429 in Chinese with Retry-After', () => {
    expect(conf).toMatch(/~\^POST:\/api\/v1\/\(auth\/\|leads\|support\) \$binary_remote_addr;/);
    expect(conf).toMatch(/limit_req_zone \$anon_post zone=anon_post:10m rate=2r\/s;/);
    const tooMany = conf.slice(conf.indexOf('location @too_many'));
    expect(tooMany).toMatch(/add_header Retry-After 1 always;/);
    expect(tooMany).toContain(`return 429 '{"resultCode":429,"message":"请求过于频繁，请稍后再试"}';`);
  });

  it('logs one JSON line per request with its id, and passes the id to the instance and back to the client', () => {
    expect(conf).toMatch(/log_format shop escape=json '\{"time":"\$time_iso8601","request_id":"\$request_id"/);
    expect(conf).toContain('access_log /tmp/logs/access-8080.log shop;');
    expect(conf).toContain('proxy_set_header X-Request-Id $request_id;');
    expect(conf).toContain('proxy_hide_header X-Request-Id;');
    // add_header is not inherited by a location with add_headers of its own: each such location repeats it
    const locationsWithHeaders = conf.split('location ').slice(1).filter((l) => l.slice(0, l.indexOf('\n    }')).includes('add_header'));
    for (const l of locationsWithHeaders) expect(l.slice(0, l.indexOf('\n    }'))).toContain('add_header X-Request-Id $request_id always;');
  });
});

describe('who holds a port (/proc)', () => {
  it('names this process for a port it listens on, and nobody once it has closed it', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as { port: number }).port;
    expect(isListening(port)).toBe(true);
    expect(holdersOf(port).join(' ')).toContain(`pid ${process.pid} (`);
    await new Promise((r) => server.close(r));
    expect(isListening(port)).toBe(false);
    expect(holdersOf(port)).toEqual([]);
  });
});
