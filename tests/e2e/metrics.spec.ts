/**
 * GET /metrics (docs/metrics.md): only for the holder of METRICS_TOKEN (scripts/e2e-server.mjs sets
 * it), 404 for everyone else as for any path the shop does not have, never stored; Prometheus's text
 * format; its numbers move when a request is answered and when an order is placed and paid, and its
 * labels are route patterns, never an order number.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';

const TOKEN = process.env.E2E_METRICS_TOKEN || 'e2e-metrics-token';
const XRW = { 'X-Requested-With': 'XMLHttpRequest' };
/** A shopper of this spec, on a network of its own (the per-IP SMS limit counts X-Forwarded-For here). */
const FROM = { 'X-Forwarded-For': '10.53.0.7' };
const PRODUCT = 10909;

async function scrape(request: APIRequestContext): Promise<string> {
  const res = await request.get('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(res.status()).toBe(200);
  return res.text();
}

/** The value of one sample (0 when the series does not exist yet): `labels` as written, e.g. `to="paid"`. */
function sample(text: string, name: string, ...labels: string[]): number {
  const line = text.split('\n').find((l) => (labels.length ? l.startsWith(`${name}{`) : l.startsWith(`${name} `)) && labels.every((x) => l.includes(x)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

test.describe('metrics', () => {
  test.skip(({ isMobile }) => isMobile, 'the endpoint is the same for every device');

  test('without the token, or with a wrong one, /metrics is a 404 nobody stores', async ({ request }) => {
    const asked: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer wrong-token' },
      { Authorization: `Bearer ${TOKEN}x` },
      { Authorization: TOKEN },
      { Authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of asked) {
      const res = await request.get('/metrics', { headers });
      expect(res.status(), JSON.stringify(headers)).toBe(404);
      expect(res.headers()['cache-control']).toBe('private, no-store');
      expect(await res.text()).not.toContain('shop_http_requests_total');
    }
    // Only GET and HEAD: a POST with the token is any other path's 404.
    const posted = await request.post('/metrics', { headers: { Authorization: `Bearer ${TOKEN}`, ...XRW } });
    expect(posted.status()).toBe(404);
  });

  test('with the token: Prometheus text, not stored, with the shop’s and Node’s metrics', async ({ request }) => {
    const res = await request.get('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers()['cache-control']).toBe('no-store');
    const text = await res.text();
    for (const name of [
      'shop_http_requests_total',
      'shop_http_request_duration_seconds',
      'shop_page_cache_requests_total',
      'shop_next_cache_total',
      'shop_db_query_duration_seconds',
      'shop_outbox_backlog',
      'shop_outbox_oldest_age_seconds',
      'shop_orders_placed_total',
      'shop_order_transitions_total',
      'shop_payment_transitions_total',
      'shop_refund_transitions_total',
      'shop_sms_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(sample(text, 'shop_db_query_duration_seconds_count', 'db="')).toBeGreaterThan(0);
    expect(sample(text, 'shop_outbox_backlog')).toBeGreaterThanOrEqual(0);
  });

  test('a request moves its route pattern’s counter and histogram', async ({ request }) => {
    const series = ['method="GET"', 'route="/api/v1/products/[id]"', 'status="2xx"'];
    const before = await scrape(request);
    for (let i = 0; i < 3; i++) expect((await request.get(`/api/v1/products/${PRODUCT}`)).status()).toBe(200);
    const after = await scrape(request);
    expect(sample(after, 'shop_http_requests_total', ...series) - sample(before, 'shop_http_requests_total', ...series)).toBeGreaterThanOrEqual(3);
    expect(sample(after, 'shop_http_request_duration_seconds_count', ...series) - sample(before, 'shop_http_request_duration_seconds_count', ...series)).toBeGreaterThanOrEqual(3);
    // A path the shop does not have is one label for all of them, whatever the path.
    const missing = `/no-such-${Date.now()}`;
    expect((await request.get(missing)).status()).toBe(404);
    const later = await scrape(request);
    expect(later).not.toContain(missing);
    expect(sample(later, 'shop_http_requests_total', 'route="(other)"', 'status="4xx"')).toBeGreaterThan(0);
  });

  test('placing and paying an order moves the order, payment and SMS counters, and no label is an order number', async ({ request }) => {
    const phone = `139${String(Date.now()).slice(-8)}`;
    const before = await scrape(request);

    const code = await (await request.post('/api/v1/auth/sms-code', { headers: { ...XRW, ...FROM }, data: { phone } })).json();
    expect(code.resultCode, code.message).toBe(200);
    const login = await (await request.post('/api/v1/auth/login', { headers: { ...XRW, ...FROM }, data: { phone, code: code.data.devCode, agree: true } })).json();
    expect(login.resultCode, login.message).toBe(200);
    const auth = { ...XRW, ...FROM, token: login.data.token as string };
    const address = await (await request.post('/api/v1/addresses', {
      headers: auth,
      data: { name: '韩梅梅', tel: phone, province: '安徽省', city: '合肥市', county: '蜀山区', areaCode: '340104', addressDetail: '望江西路 530 号', isDefault: true },
    })).json();
    expect(address.resultCode, address.message).toBe(200);
    const product = await (await request.get(`/api/v1/products/${PRODUCT}`)).json();
    const order = await (await request.post('/api/v1/orders', {
      headers: auth,
      data: { items: [{ skuId: product.data.skus[0].id, quantity: 1 }], addressId: address.data.id, idempotencyKey: `metrics-${phone}` },
    })).json();
    expect(order.resultCode, order.message).toBe(200);
    const orderNo = order.data.orderNo as string;

    const placed = await scrape(request);
    expect(sample(placed, 'shop_orders_placed_total') - sample(before, 'shop_orders_placed_total')).toBeGreaterThanOrEqual(1);
    expect(sample(placed, 'shop_sms_total', 'template="login_code"', 'outcome="sent"') - sample(before, 'shop_sms_total', 'template="login_code"', 'outcome="sent"')).toBeGreaterThanOrEqual(1);
    expect(sample(placed, 'shop_http_requests_total', 'method="POST"', 'route="/api/v1/orders"', 'status="2xx"')).toBeGreaterThanOrEqual(1);

    // Paid in demo mode: a WeChat Native payment confirmed on the demo gateway's phone page.
    const pay = await (await request.post('/api/v1/payments', { headers: auth, data: { orderNo, channel: 'wechat_native' } })).json();
    expect(pay.resultCode, pay.message).toBe(200);
    const confirm = await request.post(`${pay.data.codeUrl}/confirm`, { form: {}, maxRedirects: 0 });
    expect(confirm.status()).toBe(303);
    await expect
      .poll(async () => (await (await request.get(`/api/v1/payments/${pay.data.paymentNo}`, { headers: auth })).json()).data.status)
      .toBe('succeeded');

    const paid = await scrape(request);
    const moved = (name: string, ...labels: string[]) => sample(paid, name, ...labels) - sample(before, name, ...labels);
    expect(moved('shop_order_transitions_total', 'to="paid"')).toBeGreaterThanOrEqual(1);
    expect(moved('shop_payment_transitions_total', 'channel="wechat_native"', 'to="succeeded"')).toBeGreaterThanOrEqual(1);
    // The order's own routes are counted by their pattern; its number and its payment's are nowhere.
    expect(sample(paid, 'shop_http_requests_total', 'route="/api/v1/payments/[paymentNo]"')).toBeGreaterThanOrEqual(1);
    expect(paid).not.toContain(orderNo);
    expect(paid).not.toContain(pay.data.paymentNo);
    const routes = [...paid.matchAll(/route="([^"]*)"/g)].map((m) => m[1]);
    expect(routes.filter((r) => /\d{5,}/.test(r))).toEqual([]);
  });
});
