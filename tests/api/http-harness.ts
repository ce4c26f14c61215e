/**
 * A real HTTP server on 127.0.0.1 in front of the route handlers that payments cross the network
 * for: the demo gateways (/sandbox/…, their 自动续费 contracts too) and our notification endpoints. The shop's provider code
 * (wechatpay-axios-plugin, alipay-sdk) talks to it over HTTP exactly as in production, and the
 * gateways post their notifications back to it. SITE_URL is pointed at it, so the notify URLs, the
 * gateways' base URLs and the pages they link to all resolve here. Every notification is recorded
 * (headers and raw body) so tests can replay or inspect it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as alipayGatewayRoute from '@/app/sandbox/alipay/gateway.do/route';
import * as alipayPayRoute from '@/app/sandbox/alipay/cashier/[ref]/pay/route';
import * as wechatConfirmRoute from '@/app/sandbox/wechat/pay/[ref]/confirm/route';
import * as wechatApiRoute from '@/app/sandbox/wechat/v3/[...path]/route';
import * as notifyAlipayRoute from '@/app/api/v1/payments/notify/alipay/route';
import * as notifyWechatRoute from '@/app/api/v1/payments/notify/wechat/route';
import * as papayActionRoute from '@/app/sandbox/wechat/papay/[ref]/action/route';
import * as agreementActionRoute from '@/app/sandbox/alipay/agreement/[ref]/action/route';
import * as contractNotifyWechatRoute from '@/app/api/v1/contracts/notify/wechat/route';
import * as contractNotifyAlipayRoute from '@/app/api/v1/contracts/notify/alipay/route';
import * as carrierBorderRoute from '@/app/sandbox/carrier/order/borderapi.do/route';
import * as pickupNotifyRoute from '@/app/api/v1/carrier/notify/kuaidi100-border/route';

type Route = { pattern: RegExp; handler: (req: Request, m: RegExpExecArray) => Promise<Response> };

const params = <P,>(p: P) => ({ params: Promise.resolve(p) });

const ROUTES: Route[] = [
  { pattern: /^\/sandbox\/wechat\/v3\/(.+)$/, handler: (r, m) => (r.method === 'GET' ? wechatApiRoute.GET : wechatApiRoute.POST)(r, params({ path: m[1].split('/') })) },
  { pattern: /^\/sandbox\/alipay\/gateway\.do$/, handler: (r) => (r.method === 'GET' ? alipayGatewayRoute.GET : alipayGatewayRoute.POST)(r) },
  { pattern: /^\/sandbox\/wechat\/pay\/([^/]+)\/confirm$/, handler: (r, m) => wechatConfirmRoute.POST(r, params({ ref: m[1] })) },
  { pattern: /^\/sandbox\/alipay\/cashier\/([^/]+)\/pay$/, handler: (r, m) => alipayPayRoute.POST(r, params({ ref: m[1] })) },
  { pattern: /^\/api\/v1\/payments\/notify\/wechat$/, handler: (r) => notifyWechatRoute.POST(r) },
  { pattern: /^\/api\/v1\/payments\/notify\/alipay$/, handler: (r) => notifyAlipayRoute.POST(r) },
  { pattern: /^\/sandbox\/wechat\/papay\/([^/]+)\/action$/, handler: (r, m) => papayActionRoute.POST(r, params({ ref: m[1] })) },
  { pattern: /^\/sandbox\/alipay\/agreement\/([^/]+)\/action$/, handler: (r, m) => agreementActionRoute.POST(r, params({ ref: m[1] })) },
  { pattern: /^\/api\/v1\/contracts\/notify\/wechat$/, handler: (r) => contractNotifyWechatRoute.POST(r) },
  { pattern: /^\/api\/v1\/contracts\/notify\/alipay$/, handler: (r) => contractNotifyAlipayRoute.POST(r) },
  // 上门取件 (docs/after-sales.md#pickup): the demo carrier's 商家寄件 and its callbacks.
  { pattern: /^\/sandbox\/carrier\/order\/borderapi\.do$/, handler: (r) => carrierBorderRoute.POST(r) },
  { pattern: /^\/api\/v1\/carrier\/notify\/kuaidi100-border$/, handler: (r) => pickupNotifyRoute.POST(r) },
];

export type Recorded = { path: string; headers: Record<string, string>; body: string; status: number; reply: string };

export type Harness = { origin: string; notifications: Recorded[]; close: () => Promise<void> };

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function startHarness(): Promise<Harness> {
  const notifications: Recorded[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      const route = ROUTES.map((r) => ({ r, m: r.pattern.exec(url.pathname) })).find((x) => x.m);
      if (!route) {
        res.writeHead(404).end('no route in the test harness');
        return;
      }
      const body = await readBody(req);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const request = new Request(url, { method: req.method, headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(body) });
      const response = await route.r.handler(request, route.m!);
      const out = Buffer.from(await response.arrayBuffer());
      if (url.pathname.startsWith('/api/v1/payments/notify/') || url.pathname.startsWith('/api/v1/contracts/notify/')) {
        notifications.push({ path: url.pathname, headers: Object.fromEntries(headers), body: body.toString('utf8'), status: response.status, reply: out.toString('utf8') });
      }
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(out);
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    notifications,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `check` returns a truthy value (polling), or fails after `ms`. */
export async function eventually<T>(check: () => Promise<T>, ms = 5_000): Promise<T> {
  const until = Date.now() + ms;
  let last: T = await check();
  while (!last && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    last = await check();
  }
  return last;
}
