/**
 * The checkout scenario of `npm run bench`: shoppers log in (demo SMS codes), then each autocannon
 * connection is one shopper looping through POST /orders → POST /payments (WeChat Native) → 确认支付
 * on the demo gateway's phone (which notifies the shop) → GET /payments/{no}. A loop that ends with the
 * payment succeeded is one paid order.
 */
import { fetchFrom, loopbackFor } from '../from-address.mjs';
import { cannon, UA } from './load.mjs';

const XRW = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
/** A service: it has stock for every order a bench run can place. */
const PRODUCT = 10920;

/** One API call; with `ip`, from that network's loopback address (the cluster's front sets X-Forwarded-For from it). */
async function api(base, pathname, { body, ip, token } = {}) {
  const init = {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...XRW, ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  const res = await (ip ? fetchFrom(loopbackFor(ip), `${base}/api/v1${pathname}`, init) : fetch(`${base}/api/v1${pathname}`, init));
  const json = await res.json().catch(() => ({}));
  if (json.resultCode !== 200) throw new Error(`${pathname} on ${base}: ${res.status} ${json.message ?? ''}`);
  return json.data;
}

/**
 * Logs `n` shoppers in. Each has an address of its own (the per-network SMS limit would stop the 21st
 * shopper of one address) and a phone of its own; `block` (0–9) keeps the phones and addresses of the
 * scenarios that share one database apart (one code a minute per phone).
 */
async function logIn(base, n, block) {
  const shoppers = [];
  for (let i = 0; i < n; i++) {
    const phone = `13${block}${String(i).padStart(8, '0')}`;
    const ip = `10.${70 + block}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    const { devCode } = await api(base, '/auth/sms-code', { body: { phone }, ip });
    shoppers.push({ ip, token: (await api(base, '/auth/login', { body: { phone, code: devCode, agree: true }, ip })).token });
  }
  return shoppers;
}

/** One loop of the scenario, request by request; throws when a step fails. */
async function payOnce(base, { ip, token }, skuId) {
  const key = `bench-warm-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const { orderNo } = await api(base, '/orders', { body: { items: [{ skuId, quantity: 1 }], idempotencyKey: key }, ip, token });
  const { paymentNo, codeUrl } = await api(base, '/payments', { body: { orderNo, channel: 'wechat_native' }, ip, token });
  const confirm = await fetch(`${base}${new URL(codeUrl).pathname}/confirm`, {
    method: 'POST',
    headers: { 'user-agent': UA, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    body: '',
    redirect: 'manual',
  });
  if (confirm.status !== 303) throw new Error(`确认支付 on ${base}: ${confirm.status}`);
  const { status } = await api(base, `/payments/${paymentNo}`, { ip, token });
  if (status !== 'succeeded') throw new Error(`payment ${paymentNo} on ${base} is ${status} after 确认支付`);
}

const parse = (body) => {
  try {
    return JSON.parse(body);
  } catch {
    return {};
  }
};

/**
 * Runs the scenario against `base` for `duration` seconds with min(shoppers, connections) shoppers;
 * `onStart` is called as the measured seconds begin (after the log-ins and warm-up orders).
 * @returns {Promise<{ paid: number, rate: number, failed: number, errors: number, p99: number, requests: number }>}
 *   rate: paid orders per second; failed: steps that did not answer as they should; p99: of every request in the loop
 */
export async function checkout(base, { shoppers: n, connections, duration, block, say, onStart }) {
  const started = Date.now();
  const shoppers = await logIn(base, n, block);
  const skuId = (await api(base, `/products/${PRODUCT}`)).skus[0].id;
  // A few loops first, one at a time: each instance loads the routes of the loop on their first request
  // (and behind the front the loops alternate between instances); the measured seconds should not pay for that.
  for (let i = 0; i < Math.min(6, n); i++) await payOnce(base, shoppers[i], skuId);
  say(`${n} shoppers logged in, ${Math.min(6, n)} warm-up orders paid (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  let next = 0;
  let paid = 0;
  let failed = 0;
  const fail = (step, status, body) => {
    if (failed++ < 5) console.error(`    ${step} answered ${status}: ${String(body).slice(0, 160)}`);
  };
  const as = (req, ctx, extra) => ({ ...req, headers: { ...req.headers, token: ctx.token, 'x-forwarded-for': ctx.ip }, ...extra });

  onStart?.();
  const result = await cannon({
    url: base,
    connections: Math.min(n, connections),
    duration,
    headers: { 'user-agent': UA, ...XRW },
    requests: [
      {
        method: 'POST',
        path: '/api/v1/orders',
        setupRequest: (req, ctx) => {
          if (!ctx.token) Object.assign(ctx, shoppers[next++ % shoppers.length]);
          const key = `bench-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
          return as(req, ctx, { body: JSON.stringify({ items: [{ skuId, quantity: 1 }], idempotencyKey: key }) });
        },
        onResponse: (status, body, ctx) => {
          ctx.orderNo = parse(body).data?.orderNo;
          if (status !== 200 || !ctx.orderNo) fail('POST /orders', status, body);
        },
      },
      {
        method: 'POST',
        path: '/api/v1/payments',
        setupRequest: (req, ctx) => as(req, ctx, { body: JSON.stringify({ orderNo: ctx.orderNo, channel: 'wechat_native' }) }),
        onResponse: (status, body, ctx) => {
          const d = parse(body).data;
          ctx.paymentNo = d?.paymentNo;
          // The QR code's URL names the demo gateway's page for this payment; its phone confirms there.
          ctx.confirm = d?.codeUrl ? `${new URL(d.codeUrl).pathname}/confirm` : '/sandbox/none';
          if (status !== 200 || !d?.codeUrl) fail('POST /payments', status, body);
        },
      },
      {
        method: 'POST',
        // The phone is not the shopper's browser: no token, a form post, as the demo page sends it.
        setupRequest: (req, ctx) => ({
          ...req,
          path: ctx.confirm,
          headers: { 'user-agent': UA, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ctx.ip },
          body: '',
        }),
        onResponse: (status, body) => {
          if (status !== 303) fail('确认支付', status, body);
        },
      },
      {
        method: 'GET',
        setupRequest: (req, ctx) => as(req, ctx, { path: `/api/v1/payments/${ctx.paymentNo}`, body: undefined }),
        onResponse: (status, body) => {
          if (status === 200 && parse(body).data?.status === 'succeeded') paid++;
          else fail('GET /payments/{no}', status, body);
        },
      },
    ],
  });
  return {
    paid,
    rate: paid / (result.duration || duration),
    failed,
    errors: result.errors + result.timeouts,
    p99: result.latency.p99,
    requests: result.requests.total,
  };
}
