/**
 * The demo 自动续费 of the API tests: a harness serving the demo gateways, a service SKU of ¥360 a year, a
 * subscription in force, the provider's signing page, its buttons on the demo phone, and a contract signed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { DELETE as autoRenewDelete, POST as autoRenewPost } from '@/app/api/v1/subscriptions/[id]/auto-renew/route';
import type { AutoRenewView } from '@/lib/domain/auto-renew';
import { DAY_MS } from '@/lib/domain/shop-time';
import { getDb } from '@/lib/server/db/client';
import { sandboxContracts, subscriptionContracts, subscriptions } from '@/lib/server/db/schema';
import { markOrderPaid } from '@/lib/server/modules/order';
import type { Order } from '@/lib/server/views/orders-detail';
import { startHarness, type Harness } from './http-harness';
import { ctx, fails, idemKey, loginNew, makeSku, ok, orderRow, req, type Shopper, type SkuFixture } from './session';

export type SignAnswer = { signUrl: string; autoRenew: AutoRenewView };

/** Registers the file's harness and service SKU (before all, closed after all) and answers the helpers bound to them. */
export function autoRenewKit() {
  const k = {} as { h: Harness; service: SkuFixture };

  beforeAll(async () => {
    k.h = await startHarness();
    process.env.SITE_URL = k.h.origin;
    k.service = await makeSku({ kind: 'service', priceFen: 36_000, stock: 10_000 });
  });

  afterAll(async () => {
    await k.h?.close();
  });

  /** A paid service order of `u`: its subscription, put in force (ending in `daysLeft` days) unless told otherwise. */
  async function subscriptionOf(u: Shopper, o: { daysLeft?: number | null } = {}): Promise<number> {
    const order = await ok<Order>(ordersPost, req('POST', '/orders', { items: [{ skuId: k.service.skuId, quantity: 1 }], idempotencyKey: idemKey() }, { token: u.token }));
    const row = await orderRow(order.orderNo);
    expect(await markOrderPaid(row.id)).toBe(true);
    const db = await getDb();
    const [s] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.orderId, row.id));
    const daysLeft = o.daysLeft === undefined ? 200 : o.daysLeft;
    if (daysLeft !== null) {
      const endsAt = new Date(Date.now() + daysLeft * DAY_MS);
      await db.update(subscriptions).set({ startsAt: new Date(endsAt.getTime() - 365 * DAY_MS), endsAt }).where(eq(subscriptions.id, s.id));
    }
    return s.id;
  }

  const open = (u: Shopper, id: number | string, channel: string) => ok<SignAnswer>(autoRenewPost, req('POST', `/subscriptions/${id}/auto-renew`, { channel }, { token: u.token }), ctx({ id }));
  const openFails = (code: number, u: Shopper, id: number | string, channel: unknown) => fails(code, autoRenewPost, req('POST', `/subscriptions/${id}/auto-renew`, { channel }, { token: u.token }), ctx({ id }));
  const stopFails = (code: number, u: Shopper, id: number) => fails(code, autoRenewDelete, req('DELETE', `/subscriptions/${id}/auto-renew`, undefined, { token: u.token }), ctx({ id }));
  const stop = (u: Shopper, id: number) => ok<AutoRenewView>(autoRenewDelete, req('DELETE', `/subscriptions/${id}/auto-renew`, undefined, { token: u.token }), ctx({ id }));

  async function contractsOf(subscriptionId: number) {
    const db = await getDb();
    return db.select().from(subscriptionContracts).where(eq(subscriptionContracts.subscriptionId, subscriptionId)).orderBy(subscriptionContracts.id);
  }
  const liveOf = async (subscriptionId: number) => (await contractsOf(subscriptionId)).find((c) => c.state !== 'terminated') ?? null;

  async function gatewayContract(outContractCode: string) {
    const db = await getDb();
    const [c] = await db.select().from(sandboxContracts).where(eq(sandboxContracts.outContractCode, outContractCode));
    return c;
  }

  /** The demo phone's page of a signing link: WeChat's opens directly, Alipay's goes through the gateway (303). */
  async function phonePage(signUrl: string): Promise<URL> {
    const url = new URL(signUrl);
    if (url.pathname.startsWith('/sandbox/wechat/papay/') || url.pathname.startsWith('/sandbox/alipay/agreement/')) return url;
    const res = await fetch(signUrl, { redirect: 'manual' });
    expect(res.status, await res.clone().text()).toBe(303);
    return new URL(res.headers.get('location')!, k.h.origin);
  }

  /** Presses a button of the contract's page on the demo phone. */
  async function press(signUrl: string, action: 'sign' | 'cancel' | 'terminate' | 'balance_short' | 'balance_ok') {
    const page = await phonePage(signUrl);
    const res = await fetch(`${k.h.origin}${page.pathname}/action`, {
      method: 'POST',
      body: new URLSearchParams({ do: action }),
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location') ?? '').not.toContain('error=');
  }

  /** A subscription of a new shopper with its contract signed at `channel`; `page`, the contract's page on the demo phone. */
  async function signed(channel: 'wechat' | 'alipay') {
    const u = await loginNew();
    const id = await subscriptionOf(u);
    const page = (await phonePage((await open(u, id, channel)).signUrl)).href;
    await press(page, 'sign');
    const c = await liveOf(id);
    expect(c?.state).toBe('active');
    return { u, id, page, contract: c! };
  }

  return { k, subscriptionOf, open, openFails, stop, stopFails, contractsOf, liveOf, gatewayContract, phonePage, press, signed };
}
