/**
 * A real HTTP server for what crosses the network in the carrier's tests: the demo carrier's routes and
 * the shop's callbacks, each called as its handler; anything else goes on to the payment gateway's
 * harness (afterSalesSuite's SITE_URL). It then becomes SITE_URL, so the callback addresses the shop
 * hands the carrier reach it. Called at the top of a test file, after afterSalesSuite.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export type CarrierRoute = [RegExp, (r: Request) => Promise<Response>];

async function body(r: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The server's address, once it listens: `net.origin`. */
export function carrierServer(routes: CarrierRoute[]): { origin: string } {
  const net = { origin: '' };
  let server: Server;
  beforeAll(async () => {
    const gateway = process.env.SITE_URL!;
    server = createServer(async (r, res) => {
      const url = new URL(r.url ?? '/', 'http://127.0.0.1');
      const route = routes.find(([re]) => re.test(url.pathname));
      const raw = r.method === 'GET' || r.method === 'HEAD' ? undefined : new Uint8Array(await body(r));
      const headers = Object.fromEntries(Object.entries(r.headers).filter(([k, v]) => typeof v === 'string' && k !== 'host' && k !== 'content-length')) as Record<string, string>;
      const answer = route
        ? await route[1](new Request(`${net.origin}${url.pathname}`, { method: 'POST', headers: { 'content-type': String(r.headers['content-type'] ?? '') }, body: raw }))
        : await fetch(`${gateway}${url.pathname}${url.search}`, { method: r.method, headers, body: raw, redirect: 'manual' });
      res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    net.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.SITE_URL = net.origin;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return net;
}
