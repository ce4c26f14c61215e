/**
 * Shoppers on the cluster's front for the runner's checks (scripts/cluster/runner-checks.mjs): each
 * browses a page and the product, orders and pays it (the demo gateway's 确认支付), and writes to 在线客服,
 * in a loop, from a loopback address of its own. Their client behaves as the shop's does: every mutation
 * carries an Idempotency-Key (the same on each try), and a request that met a network error, a 502, 503 or
 * 504, or a 409 with Retry-After (the same key still in progress) is tried again with backoff, honouring
 * Retry-After, for up to RETRY_WITHIN_MS. A request that fails after that is a failed request.
 */
import { randomUUID } from 'node:crypto';
import { fetchFrom, loopbackFor } from '../from-address.mjs';

const RETRY_WITHIN_MS = 20_000;
/** How long the pay screen waits for 已支付 after 确认支付 (the shop asks the gateway every 5 s at most). */
const PAID_WITHIN_MS = 20_000;
const BACKOFF = { firstMs: 100, maxMs: 2000 };
/** A message to 在线客服 every so many rounds, and no more than this per shopper (the shop allows 60 an hour). */
const MESSAGE = { everyRounds: 3, atMost: 40 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const retryable = (status, headers) => status === 502 || status === 503 || status === 504 || (status === 409 && headers.has('retry-after'));

/**
 * One request as the shop's client sends it. @returns {Promise<{ status: number, headers: Headers, text: string, json: any, tries: number }>}
 * (the last answer), or throws after RETRY_WITHIN_MS of network errors.
 */
async function send(url, { method = 'GET', headers = {}, body, ip }) {
  const h = { ...headers };
  if (method !== 'GET') h['idempotency-key'] = randomUUID();
  const since = Date.now();
  for (let tries = 1; ; tries++) {
    let wait;
    try {
      const res = await fetchFrom(loopbackFor(ip), url, { method, headers: h, body, signal: AbortSignal.timeout(30_000) });
      const text = await res.text();
      if (!retryable(res.status, res.headers) || Date.now() - since > RETRY_WITHIN_MS) {
        let json = null;
        try {
          json = JSON.parse(text);
        } catch {}
        return { status: res.status, headers: res.headers, text, json, tries };
      }
      wait = Number(res.headers.get('retry-after')) * 1000 || 0;
    } catch (err) {
      if (Date.now() - since > RETRY_WITHIN_MS) throw new Error(`${method} ${new URL(url).pathname}: ${err.cause?.code ?? err.message} after ${tries} tries`);
    }
    await sleep(Math.max(wait ?? 0, Math.min(BACKOFF.firstMs * 2 ** (tries - 1), BACKOFF.maxMs)));
  }
}

/** The shop's API through `front`: the envelope's data, or throws naming the answer. */
async function api(front, s, method, p, body) {
  const headers = { 'x-requested-with': 'XMLHttpRequest' };
  if (s.token) headers.token = s.token;
  if (body) headers['content-type'] = 'application/json';
  const r = await send(`${front}/api/v1${p}`, { method, headers, body: body ? JSON.stringify(body) : undefined, ip: s.ip });
  if (r.json?.resultCode !== 200) throw new Error(`${method} ${p}: ${r.status} ${r.json?.message ?? r.text.slice(0, 80)}`);
  return r.json.data;
}

/** Signs in `count` shoppers (phones 1370039200x, networks 10.39.4.x). */
export async function shoppersOn(front, count) {
  return Promise.all(Array.from({ length: count }, async (_, i) => {
    const s = { ip: `10.39.4.${i + 1}`, phone: `137003920${String(i).padStart(2, '0')}`, token: null, orders: [], messages: [], conversation: null };
    const sms = await api(front, s, 'POST', '/auth/sms-code', { phone: s.phone });
    s.token = (await api(front, s, 'POST', '/auth/login', { phone: s.phone, code: sms.devCode, agree: true })).token;
    return s;
  }));
}

/**
 * Order → WeChat Native payment → 确认支付 on the demo phone (the gateway, which notifies the shop through
 * the front) → the payment is 已支付, polled as the pay screen does (the shop asks the gateway itself when
 * a notification is late: a notification sent while nginx was down).
 */
async function payOnce(front, s, skuId) {
  const key = `load-${s.ip.replaceAll('.', '_')}-${s.orders.length + 1}-${Date.now().toString(36)}`;
  const { orderNo } = await api(front, s, 'POST', '/orders', { items: [{ skuId, quantity: 1 }], idempotencyKey: key });
  s.orders.push(orderNo);
  const { paymentNo, codeUrl } = await api(front, s, 'POST', '/payments', { orderNo, channel: 'wechat_native' });
  const phone = new URL(codeUrl);
  const confirm = await send(`${phone.origin}${phone.pathname}/confirm`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', ip: s.ip });
  if (confirm.status !== 303) throw new Error(`确认支付: ${confirm.status}`);
  const since = Date.now();
  for (;;) {
    const { status } = await api(front, s, 'GET', `/payments/${paymentNo}`);
    if (status === 'succeeded') return;
    if (Date.now() - since > PAID_WITHIN_MS) throw new Error(`payment ${paymentNo} is ${status} ${PAID_WITHIN_MS / 1000} s after 确认支付`);
    await sleep(1000);
  }
}

async function message(front, s) {
  const text = `负载测试 ${s.ip} 第 ${s.messages.length + 1} 条`;
  if (!s.conversation) s.conversation = (await api(front, s, 'POST', '/support/conversations', { text })).id;
  else await api(front, s, 'POST', `/support/conversations/${s.conversation}/messages`, { text });
  s.messages.push(text);
}

/**
 * Runs the shoppers until `stop()`; every step's outcome is kept: `{ at, what, ok, error }`.
 * @param {{ front: string, shoppers: object[], skuId: number, product: number }} o
 */
export function startLoad({ front, shoppers, skuId, product }) {
  const steps = [];
  let running = true;
  const step = async (what, fn) => {
    const at = Date.now();
    try {
      await fn();
      steps.push({ at, end: Date.now(), what, ok: true });
    } catch (err) {
      steps.push({ at, end: Date.now(), what, ok: false, error: err.message });
    }
  };
  const loops = shoppers.map(async (s, i) => {
    for (let round = i; running; round++) {
      await step('browse', async () => {
        const page = await send(`${front}/proc/${product}`, { ip: s.ip });
        if (page.status !== 200) throw new Error(`GET /proc/${product}: ${page.status}`);
        await api(front, s, 'GET', `/products/${product}`);
      });
      await step('pay', () => payOnce(front, s, skuId));
      if (round % MESSAGE.everyRounds === 0 && s.messages.length < MESSAGE.atMost) await step('message', () => message(front, s));
    }
  });
  return {
    steps,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * What the database holds against what the shoppers were told: each order, payment and message once.
 * @param {import('pg').Client} db @returns {Promise<{ orders: string, payments: string, messages: string, ok: boolean }>}
 */
export async function writtenOnce(db, shoppers) {
  const phones = shoppers.map((s) => s.phone);
  const told = { orders: shoppers.reduce((n, s) => n + s.orders.length, 0), messages: shoppers.reduce((n, s) => n + s.messages.length, 0) };
  const orders = (await db.query('select count(*)::int as n from orders o join users u on u.id = o.user_id where u.phone = any($1)', [phones])).rows[0].n;
  // A payment whose start failed is left failed and a new one made: what may not happen is two paid, or two open.
  const payments = (await db.query(`select count(*) filter (where p.status = 'succeeded')::int as paid,
        count(distinct p.order_id) filter (where p.status = 'succeeded')::int as "paidOrders",
        count(*) filter (where p.status = 'pending')::int as open, count(distinct p.order_id) filter (where p.status = 'pending')::int as "openOrders"
      from payments p join orders o on o.id = p.order_id join users u on u.id = o.user_id where u.phone = any($1)`, [phones])).rows[0];
  const messages = (await db.query(`select count(*)::int as n, count(distinct m.text)::int as texts from support_messages m
      join support_conversations c on c.id = m.conversation_id join users u on u.id = c.user_id where u.phone = any($1) and m.author = 'shopper'`, [phones])).rows[0];
  return {
    ok: orders === told.orders && payments.paid === payments.paidOrders && payments.open === payments.openOrders && messages.n === told.messages && messages.texts === messages.n,
    orders: `${orders} orders for ${told.orders} placed`,
    payments: `${payments.paid} paid payments for ${payments.paidOrders} orders, ${payments.open} open for ${payments.openOrders}`,
    messages: `${messages.n} messages (${messages.texts} distinct) for ${told.messages} sent`,
  };
}
