/**
 * The apps' entitlement API (docs/subscriptions.md#entitlements): signed per app, fresh, used once, and
 * answering the code's subscription as it is at the moment of asking.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as entitlementGet } from '@/app/api/v1/entitlements/[code]/route';
import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { POST as activatePost } from '@/app/api/v1/licenses/[code]/activate/route';
import { getDb } from '@/lib/server/db/client';
import { licenses, skus, subscriptions } from '@/lib/server/db/schema';
import { appSignature } from '@/lib/server/http/app-signature';
import { markOrderPaid } from '@/lib/server/modules/order';
import { entitlementKey, type Entitlement } from '@/lib/server/modules/subscription';
import { DAY_MS } from '@/lib/domain/shop-time';
import { call, ctx, idemKey, loginNew, ok, orderRow, req, type Shopper } from './session';

const nonce = () => randomBytes(12).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** A request as the app `appId` signs it (or not quite, as `o` says). */
function signed(code: string, o: { appId?: string; key?: string; ts?: number; nonce?: string; path?: string } = {}) {
  const appId = o.appId ?? 'mail';
  const path = `/api/v1/entitlements/${code}`;
  const ts = String(o.ts ?? now());
  const n = o.nonce ?? nonce();
  const key = o.key ?? entitlementKey(appId) ?? 'x'.repeat(64);
  const headers = { 'x-app-id': appId, 'x-timestamp': ts, 'x-nonce': n, 'x-signature': appSignature(key, 'GET', o.path ?? path, ts, n) };
  return new Request(`http://shop.test${path}`, { headers });
}
const ask = (r: Request, code: string) => call<Entitlement>(entitlementGet, r, ctx({ code }));

let u: Shopper;
let codes: string[];
let subscriptionId: number;

beforeAll(async () => {
  const db = await getDb();
  const [sku] = await db.select({ id: skus.id }).from(skus).where(eq(skus.code, 'MAIL-E-1Y'));
  u = await loginNew();
  const o = await ok<{ orderNo: string }>(ordersPost, req('POST', '/orders', { items: [{ skuId: sku.id, quantity: 3 }], idempotencyKey: idemKey() }, { token: u.token }));
  const row = await orderRow(o.orderNo);
  expect(await markOrderPaid(row.id)).toBe(true);
  const rows = await db.select().from(licenses).where(eq(licenses.orderId, row.id));
  codes = rows.map((l) => l.code);
  subscriptionId = rows[0].subscriptionId;
  await ok(activatePost, req('POST', `/licenses/${codes[0]}/activate`, {}, { token: u.token }), ctx({ code: codes[0] }));
});

describe('GET /entitlements/{code}', () => {
  it('answers a signed request: 企业版, 3 seats, the end; an activated code is valid, an unused one of the same subscription is not', async () => {
    const a = await ask(signed(codes[0]), codes[0]);
    expect(a.res.status).toBe(200);
    expect(a.body.data).toMatchObject({ code: codes[0], productName: '量子邮箱', edition: '企业版', seats: 3, state: 'active', stateLabel: '生效中', valid: true });
    const [s] = await (await getDb()).select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(a.body.data!.endsAt).toBe(s.endsAt!.toISOString());
    expect(new Date(a.body.data!.graceEndsAt!).getTime() - s.endsAt!.getTime()).toBe(15 * DAY_MS);
    const unused = await ask(signed(codes[1]), codes[1]);
    expect(unused.body.data).toMatchObject({ state: 'active', valid: false, activatedAt: null });
  });

  it('a renewed end reaches the app at once; in 宽限期 still valid, after it not', async () => {
    const db = await getDb();
    const later = new Date(Date.now() + 700 * DAY_MS);
    await db.update(subscriptions).set({ endsAt: later }).where(eq(subscriptions.id, subscriptionId));
    expect((await ask(signed(codes[0]), codes[0])).body.data!.endsAt).toBe(later.toISOString());
    await db.update(subscriptions).set({ endsAt: new Date(Date.now() - 3 * DAY_MS) }).where(eq(subscriptions.id, subscriptionId));
    expect((await ask(signed(codes[0]), codes[0])).body.data).toMatchObject({ state: 'grace', stateLabel: '宽限期', valid: true });
    await db.update(subscriptions).set({ endsAt: new Date(Date.now() - 16 * DAY_MS) }).where(eq(subscriptions.id, subscriptionId));
    expect((await ask(signed(codes[0]), codes[0])).body.data).toMatchObject({ state: 'expired', stateLabel: '已过期', valid: false });
    await db.update(subscriptions).set({ endsAt: later }).where(eq(subscriptions.id, subscriptionId));
  });

  it('refuses a wrong key, a signature of another path, a stale or future timestamp, a replay and missing headers: 401, nothing told', async () => {
    const refused = async (r: Request, message: RegExp) => {
      const res = await ask(r, codes[0]);
      expect(res.res.status).toBe(401);
      expect(res.body.message).toMatch(message);
      expect(res.body.data).toBeUndefined();
    };
    await refused(signed(codes[0], { key: randomBytes(32).toString('hex') }), /签名无效/);
    await refused(signed(codes[0], { path: `/api/v1/entitlements/${codes[1]}` }), /签名无效/);
    await refused(signed(codes[0], { appId: 'nosuchapp' }), /签名无效/);
    await refused(signed(codes[0], { ts: now() - 301 }), /过期/);
    await refused(signed(codes[0], { ts: now() + 301 }), /过期/);
    const once = nonce();
    expect((await ask(signed(codes[0], { nonce: once }), codes[0])).res.status).toBe(200);
    await refused(signed(codes[0], { nonce: once }), /重放/);
    await refused(new Request(`http://shop.test/api/v1/entitlements/${codes[0]}`, { headers: { authorization: `Bearer ${u.token}` } }), /缺少应用签名/);
  });

  it('one nonce sent 50 times at once is answered once', async () => {
    const once = nonce();
    const ts = now();
    const answers = await Promise.all(Array.from({ length: 50 }, () => ask(signed(codes[0], { nonce: once, ts }), codes[0])));
    expect(answers.filter((a) => a.res.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.res.status === 401)).toHaveLength(49);
  });

  it('another app, an unknown code and a malformed one are 404 alike', async () => {
    for (const [r, code] of [
      [signed(codes[0], { appId: 'ding' }), codes[0]],
      [signed('2222-2222-2222-2222'), '2222-2222-2222-2222'],
      [signed('not-a-code'), 'not-a-code'],
    ] as const) {
      const res = await ask(r, code);
      expect(res.res.status).toBe(404);
      expect(res.body.message).toBe('激活码不存在');
    }
  });

  it('a code taken back by a refund is not valid', async () => {
    const db = await getDb();
    await db.update(licenses).set({ revokedAt: new Date() }).where(eq(licenses.code, codes[2]));
    expect((await ask(signed(codes[2]), codes[2])).body.data).toMatchObject({ valid: false });
  });
});
