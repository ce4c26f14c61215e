/**
 * The checkout scenario of `npm run bench`: shoppers log in (demo SMS codes), then each of
 * `connections` workers is one shopper looping through POST /orders → POST /payments (WeChat Native) →
 * 确认支付 on the demo gateway's phone (at the QR code's own origin: the gateway may run apart, and it
 * notifies the shop) → GET /payments/{no}. A loop that ends with the payment succeeded is one paid order.
 *
 * The loop is our own rather than autocannon's: autocannon talks to one host, and 确认支付 goes to the
 * gateway's. It is plain node:http with a keep-alive Agent per origin (fetch costs the client several
 * times the CPU per request, which the bench would count as "everything else").
 */
import http from 'node:http';
import { fetchFrom, loopbackFor } from '../from-address.mjs';
import { UA } from './load.mjs';

const XRW = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
/** A service: it has stock for every order a bench run can place. */
const PRODUCT = 10920;
/** A request that has not answered by then counts as a transport error (autocannon's default timeout). */
const TIMEOUT_MS = 10_000;
/**
 * A 503 is the shop saying it is busy (docs/cluster.md#bounded-requests): like the shop's own client, the
 * loop waits its Retry-After and sends the same request again (an order keeps its idempotency key), up
 * to this many times; each such answer is counted as `busy`.
 */
const BUSY_RETRIES = 10;
/**
 * Seconds of the same loop before the measured ones: JIT, pools and route loading on every process. A
 * fresh instance keeps getting cheaper for about half a minute of this load (the cluster front, measured:
 * the shop's CPU per paid order 22.5 ms after 10 s of warm-up, 19.1 ms after 30 s, the gateway's 12.9 and
 * 9.8), and a server in service is warm: docs/bench.md.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);

/** One API call for the log-ins; with `ip`, from that network's loopback address (the cluster's front sets X-Forwarded-For from it). */
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

const parse = (body) => {
  try {
    return JSON.parse(body);
  } catch {
    return {};
  }
};

/** A checkout's `steps` on one line: `POST /orders 40/180, …`. */
export const stepLatencies = (steps) => Object.entries(steps).map(([step, t]) => `${step} ${t.p50}/${t.p99}`).join(', ');

/** The q-quantile of `values` in whole ms (sorts them). */
function percentile(values, q) {
  values.sort((a, b) => a - b);
  return values.length ? Math.round(values[Math.min(values.length - 1, Math.ceil(values.length * q) - 1)]) : 0;
}

/** A step that did not answer as it should: the loop starts over with a new order. */
class StepFailed extends Error {}

/**
 * The measured loop's HTTP: one keep-alive Agent per origin with `connections` sockets at most, each
 * request's latency recorded while `latencies` is set.
 */
function client(connections) {
  const agents = new Map();
  const agent = (origin) => {
    let a = agents.get(origin);
    if (!a) agents.set(origin, (a = new http.Agent({ keepAlive: true, maxSockets: connections })));
    return a;
  };
  const c = {
    /** @type {number[] | null} */
    latencies: null,
    /** @type {Map<string, number[]> | null} each step's latencies, by the step's name */
    bySteps: null,
    /** 503s answered (and sent again after their Retry-After). */
    busy: 0,
    /** The request, sent again after each 503's Retry-After (BUSY_RETRIES at most). */
    async request(step, origin, method, pathname, headers, body) {
      for (let tries = 0; ; tries++) {
        const res = await c.once(step, origin, method, pathname, headers, body);
        if (res.status !== 503 || tries >= BUSY_RETRIES) return res;
        c.busy++;
        await new Promise((r) => setTimeout(r, Math.min(Number(res.retryAfter) || 1, 10) * 1000));
      }
    },
    /** @returns {Promise<{ status: number, body: string, retryAfter?: string }>} rejects on a transport error or the timeout */
    once(step, origin, method, pathname, headers, body) {
      const payload = body === undefined ? undefined : Buffer.from(body);
      const started = performance.now();
      return new Promise((resolve, reject) => {
        const req = http.request(
          `${origin}${pathname}`,
          { method, agent: agent(origin), headers: payload ? { ...headers, 'content-length': payload.length } : headers },
          (res) => {
            const chunks = [];
            res.on('data', (chunk) => chunks.push(chunk));
            res.on('error', reject);
            res.on('end', () => {
              const took = performance.now() - started;
              c.latencies?.push(took);
              if (c.bySteps) {
                if (!c.bySteps.has(step)) c.bySteps.set(step, []);
                c.bySteps.get(step).push(took);
              }
              const retryAfter = res.headers['retry-after'];
              resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined });
            });
          },
        );
        req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
        req.on('error', reject);
        req.end(payload);
      });
    },
    close: () => agents.forEach((a) => a.destroy()),
  };
  return c;
}

/**
 * Runs the scenario against `base` with min(shoppers, connections) shoppers at once: BENCH_WARMUP
 * seconds (3) of the loop, then `duration` measured seconds; `onStart` is called as the measured seconds
 * begin. A loop under way when they end runs to its end and counts: the measured seconds are until the
 * last one ended.
 * @returns {Promise<{ paid: number, rate: number, failed: number, errors: number, busy: number, p99: number, requests: number, seconds: number, steps: Record<string, { p50: number, p99: number }> }>}
 *   rate: paid orders per second; failed: steps that did not answer as they should (warm-up included);
 *   errors: transport errors and timeouts (warm-up included); busy: 503s answered and sent again (measured
 *   seconds only); p99: of every measured request, 503s included
 */
export async function checkout(base, { shoppers: n, connections, duration, block, say, onStart }) {
  const started = Date.now();
  const shoppers = await logIn(base, n, block);
  const skuId = (await api(base, `/products/${PRODUCT}`)).skus[0].id;
  const workers = Math.min(n, connections);
  say(`${n} shoppers logged in (${((Date.now() - started) / 1000).toFixed(1)} s); ${WARMUP} s of warm-up with ${workers} at once`);

  const wire = client(workers);
  let paid = 0;
  let failed = 0;
  let errors = 0;
  const fail = (step, status, body) => {
    if (failed++ < 5) console.error(`    ${step} answered ${status}: ${String(body).slice(0, 160)}`);
    throw new StepFailed(step);
  };

  /** One loop of one shopper: resolves when the order was paid; StepFailed when a step did not answer as it should. */
  async function payOnce({ ip, token }) {
    const headers = { 'user-agent': UA, ...XRW, token, 'x-forwarded-for': ip };
    const newKey = () => `bench-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    const key = newKey();
    // As the shop's client sends them (lib/api/client.ts): each mutation with an Idempotency-Key of its
    // own, the same on each try, so the server's keyed path (reserve, run, store the answer) is measured too.
    const keyed = (k) => ({ ...headers, 'idempotency-key': k });
    const order = await wire.request('POST /orders', base, 'POST', '/api/v1/orders', keyed(newKey()), JSON.stringify({ items: [{ skuId, quantity: 1 }], idempotencyKey: key }));
    const orderNo = parse(order.body).data?.orderNo;
    if (order.status !== 200 || !orderNo) fail('POST /orders', order.status, order.body);

    const payment = await wire.request('POST /payments', base, 'POST', '/api/v1/payments', keyed(newKey()), JSON.stringify({ orderNo, channel: 'wechat_native' }));
    const { paymentNo, codeUrl } = parse(payment.body).data ?? {};
    if (payment.status !== 200 || !codeUrl) fail('POST /payments', payment.status, payment.body);

    // The QR code's URL names the demo gateway's page for this payment, on the gateway's origin; its
    // phone confirms there. The phone is not the shopper's browser: no token, a form post.
    const page = new URL(codeUrl);
    const phone = { 'user-agent': UA, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip };
    const confirm = await wire.request('确认支付', page.origin, 'POST', `${page.pathname}/confirm`, phone, '');
    if (confirm.status !== 303) fail(`确认支付 on ${page.origin}`, confirm.status, confirm.body);

    const status = await wire.request('GET /payments/{no}', base, 'GET', `/api/v1/payments/${paymentNo}`, headers);
    if (status.status !== 200 || parse(status.body).data?.status !== 'succeeded') fail('GET /payments/{no}', status.status, status.body);
  }

  /** Every worker loops its shopper until `seconds` have passed; resolves when the last loop has ended. */
  async function run(seconds) {
    const until = Date.now() + seconds * 1000;
    let count = 0;
    const worker = async (shopper) => {
      while (Date.now() < until) {
        try {
          await payOnce(shopper);
          count++;
        } catch (err) {
          if (err instanceof StepFailed) continue;
          if (errors++ < 5) console.error(`    transport error: ${err.message}`);
          await new Promise((r) => setTimeout(r, 50)); // a server that is gone should not make this spin
        }
      }
    };
    await Promise.all(Array.from({ length: workers }, (_, i) => worker(shoppers[i % shoppers.length])));
    return count;
  }

  try {
    if (WARMUP > 0) {
      const warm = await run(WARMUP);
      say(`warm-up: ${warm} orders paid in ${WARMUP} s`);
    }
    const latencies = (wire.latencies = []);
    const bySteps = (wire.bySteps = new Map());
    wire.busy = 0;
    onStart?.();
    const from = performance.now();
    paid = await run(duration);
    const seconds = (performance.now() - from) / 1000;
    wire.latencies = null;
    wire.bySteps = null;
    const steps = Object.fromEntries([...bySteps].map(([step, l]) => [step, { p50: percentile(l, 0.5), p99: percentile(l, 0.99) }]));
    return { paid, rate: paid / seconds, failed, errors, busy: wire.busy, p99: percentile(latencies, 0.99), requests: latencies.length, seconds, steps };
  } finally {
    wire.close();
  }
}
