/**
 * The demo gateways exist in demo mode only: with SHOP_MODE=live every path under /sandbox is a 404,
 * each route handler (the payment gateways' APIs and 确认支付, the demo carrier's) and each page (the
 * pay screens, through proxy.ts), found on disk so a new one is covered the day it lands.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { proxy } from '@/proxy';
import type { Handler } from './session';

const SANDBOX = path.resolve(__dirname, '../../app/sandbox');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function files(dir: string, name: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name), name) : e.name === name ? [path.join(dir, e.name)] : [],
  );
}

/** The URL path of a file's folder, each [segment] filled with a made-up value. */
const urlPath = (file: string) =>
  `/sandbox/${path
    .relative(SANDBOX, path.dirname(file))
    .split(path.sep)
    .filter(Boolean)
    .map((s) => (s.startsWith('[...') ? 'pay/transactions/native' : s.startsWith('[') ? 'T0123456789' : s))
    .join('/')}`;

const paramsOf = (file: string) =>
  Object.fromEntries(
    path
      .relative(SANDBOX, path.dirname(file))
      .split(path.sep)
      .flatMap((s) => {
        const m = /^\[(\.\.\.)?(\w+)\]$/.exec(s);
        return m ? [[m[2], m[1] ? ['pay', 'transactions', 'native'] : 'T0123456789']] : [];
      }),
  );

const routeFiles = files(SANDBOX, 'route.ts');
const pageFiles = files(SANDBOX, 'page.tsx');

afterEach(() => vi.unstubAllEnvs());

describe('in live mode every /sandbox path is a 404', () => {
  it('finds the demo gateways on disk', () => {
    expect(routeFiles.length).toBeGreaterThanOrEqual(7);
    expect(pageFiles.length).toBeGreaterThanOrEqual(2);
  });

  it('each route handler, each method', async () => {
    vi.stubEnv('SHOP_MODE', 'live');
    let calls = 0;
    for (const file of routeFiles) {
      const mod = (await import(file)) as Record<string, unknown>;
      for (const method of METHODS) {
        if (typeof mod[method] !== 'function') continue;
        const url = `http://shop.test${urlPath(file)}`;
        const body = method === 'GET' ? undefined : 'a=1';
        const res = await (mod[method] as Handler)(
          new Request(url, { method, body, headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' } }),
          { params: Promise.resolve(paramsOf(file)) },
        );
        expect(res.status, `${method} ${urlPath(file)}`).toBe(404);
        calls++;
      }
    }
    expect(calls).toBeGreaterThanOrEqual(routeFiles.length);
  });

  it('each page and any other path under /sandbox, for people and crawlers', async () => {
    vi.stubEnv('SHOP_MODE', 'live');
    for (const p of [...pageFiles.map(urlPath), ...routeFiles.map(urlPath), '/sandbox', '/sandbox/wechat/pay/T0123456789?x=1']) {
      for (const ua of ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0', 'Googlebot/2.1']) {
        const res = await proxy(new NextRequest(`http://shop.test${p}`, { headers: { 'user-agent': ua } }));
        expect(res.status, `${p} (${ua})`).toBe(404);
      }
    }
  });

  it('in demo mode the proxy lets the pay screens through to their pages', async () => {
    vi.stubEnv('SHOP_MODE', 'demo');
    for (const p of pageFiles.map(urlPath)) {
      const res = await proxy(new NextRequest(`http://shop.test${p}`, { headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0' } }));
      expect(res.status, p).toBe(200);
      expect(res.headers.get('x-middleware-rewrite'), p).toBeNull();
    }
  });
});
