/**
 * The metrics (docs/metrics.md) without Next: route patterns from a routes manifest, and server.mjs's
 * part over real HTTP — /metrics only for the token's holder, requests counted by route pattern and
 * status class, the service layer's counts in the same registry.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER, routeMatcher } from '@/lib/server/metrics/routes.mjs';
import { shopMetricsServer } from '@/lib/server/boot/metrics.mjs';
import { countOrderMoves, countPaymentMove, countSms } from '@/lib/server/metrics/metrics.mjs';

const TOKEN = 'unit-metrics-token';
const root = mkdtempSync(path.join(tmpdir(), 'shop-metrics-'));
const route = (page: string, regex: string) => ({ page, regex });
mkdirSync(path.join(root, 'dist'));
mkdirSync(path.join(root, 'public', 'images'), { recursive: true });
writeFileSync(path.join(root, 'public', 'favicon.svg'), '<svg/>');
writeFileSync(
  path.join(root, 'dist', 'routes-manifest.json'),
  JSON.stringify({
    staticRoutes: [route('/api/v1/orders', '^/api/v1/orders(?:/)?$'), route('/About', '^/About(?:/)?$')],
    dynamicRoutes: [
      route('/api/v1/orders/[orderNo]', '^/api/v1/orders/([^/]+?)(?:/)?$'),
      route('/api/v1/orders/[orderNo]/cancel', '^/api/v1/orders/([^/]+?)/cancel(?:/)?$'),
      route('/proc/[id]', '^/proc/([^/]+?)(?:/)?$'),
      route('/quantumDisk/[[...rest]]', '^/quantumDisk(?:/(.+?))?(?:/)?$'),
      route('/[[...rest]]', '^(?:/(.+?))?(?:/)?$'),
    ],
  }),
);

describe('route patterns', () => {
  const routeOf = routeMatcher({ distDir: path.join(root, 'dist'), publicDir: path.join(root, 'public') });

  it('names each path by the route that answers it, never by its ids', () => {
    expect(routeOf('/api/v1/orders')).toBe('/api/v1/orders');
    expect(routeOf('/api/v1/orders/20261126123456789012')).toBe('/api/v1/orders/[orderNo]');
    expect(routeOf('/api/v1/orders/20261126123456789012/cancel')).toBe('/api/v1/orders/[orderNo]/cancel');
    expect(routeOf('/proc/10909')).toBe('/proc/[id]');
    expect(routeOf('/About/')).toBe('/About');
    expect(routeOf('/quantumDisk')).toBe('/quantumDisk/[[...rest]]');
    expect(routeOf('/quantumDisk/a/b')).toBe('/quantumDisk/[[...rest]]');
    expect(routeOf('/')).toBe('/');
    expect(routeOf('/metrics')).toBe('/metrics');
  });

  it('folds Next’s files, public/ and every unknown path into a few labels', () => {
    expect(routeOf('/_next/static/chunks/app-1234.js')).toBe('/_next/*');
    expect(routeOf('/images/products/10909.webp')).toBe('/images/*');
    expect(routeOf('/favicon.svg')).toBe('/favicon.svg');
    expect(routeOf('/wp-login.php')).toBe(OTHER);
    expect(routeOf('/api/v1/nothing/here')).toBe(OTHER);
    expect(routeOf('/a/b/c/d/e')).toBe(OTHER);
  });

  it('without a build every path is one label', () => {
    const none = routeMatcher({ distDir: path.join(root, 'missing'), publicDir: path.join(root, 'missing') });
    expect(none('/proc/10909')).toBe(OTHER);
  });
});

describe('GET /metrics and the request counts', () => {
  let server: Server;
  let base = '';

  beforeAll(async () => {
    process.env.METRICS_TOKEN = TOKEN;
    process.env.NEXT_DIST_DIR = path.join(root, 'dist');
    const metrics = shopMetricsServer({ root });
    server = createServer((req, res) => {
      metrics.observe(req, res);
      if (metrics.serve(req, res)) return;
      // Next's stand-in: orders exist, everything else is a 404.
      res.writeHead(req.url?.startsWith('/api/v1/orders/') ? 200 : 404, { 'content-type': 'text/plain' });
      res.end('next');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    delete process.env.METRICS_TOKEN;
    delete process.env.NEXT_DIST_DIR;
    rmSync(root, { recursive: true, force: true });
  });

  const scrape = async () => {
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    return res.text();
  };
  const value = (text: string, prefix: string) => {
    const line = text.split('\n').find((l) => l.startsWith(prefix));
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
  };

  it('is passed on (to Next’s 404) without the token, with a wrong one, or for a POST', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: `Bearer ${TOKEN}x` }, { authorization: `bearer ${TOKEN}` }, { authorization: TOKEN }] as Record<string, string>[]) {
      const res = await fetch(`${base}/metrics`, { headers });
      expect(res.status).toBe(404);
      expect(await res.text()).toBe('next');
    }
    expect((await fetch(`${base}/metrics`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    expect((await fetch(`${base}/metricsx`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it('answers Prometheus text, no-store, to the token’s holder', async () => {
    const res = await fetch(`${base}/metrics?x=1`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).toContain('# TYPE shop_http_requests_total counter');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  it('counts requests by route pattern and status class, and the service layer’s outcomes', async () => {
    const series = 'shop_http_requests_total{method="GET",route="/api/v1/orders/[orderNo]",status="2xx"}';
    const before = await scrape();
    for (const no of ['20261126000000000001', '20261126000000000002']) await (await fetch(`${base}/api/v1/orders/${no}`)).text();
    await (await fetch(`${base}/no/such/path`)).text();
    countOrderMoves('paid');
    countPaymentMove('wechat_native', 'succeeded');
    countSms('login_code', 'failed');
    const after = await scrape();
    expect(value(after, series) - value(before, series)).toBe(2);
    expect(value(after, 'shop_http_request_duration_seconds_count{method="GET",route="/api/v1/orders/[orderNo]",status="2xx"}')).toBeGreaterThanOrEqual(2);
    expect(value(after, 'shop_http_requests_total{method="GET",route="(other)",status="4xx"}')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'shop_order_transitions_total{to="paid"}') - value(before, 'shop_order_transitions_total{to="paid"}')).toBe(1);
    expect(value(after, 'shop_payment_transitions_total{channel="wechat_native",to="succeeded"}')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'shop_sms_total{template="login_code",outcome="failed"}')).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('20261126000000000001');
  });
});
