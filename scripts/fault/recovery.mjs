/**
 * After the restart, the shoppers come back: orders whose answer was lost are asked for again with the
 * same idempotency key, every payment recorded is polled until it is settled, each shopper pays one more
 * order, and every order a shopper was told about must be served.
 */
import { readFileSync } from 'node:fs';
import { say, sleep } from './config.mjs';
import { NO_FAULTS, checkout, placeOrder } from './checkout.mjs';
import { NetError, callRetry, pool, retryOnNetError } from './http.mjs';
import { afterSales, bump, killed, orders, payments, stats, unknownKeys } from './record.mjs';
import { check } from './report.mjs';

/** Orders whose answer was lost in the kill: asked again with the same idempotency key. */
export async function askLostOrdersAgain() {
  await pool(unknownKeys, 10, async (u) => {
    const before = orders.size;
    const no = await retryOnNetError(() => placeOrder(u.s, u.key, u.items)).catch((err) => {
      if (err instanceof NetError) return null;
      throw err;
    });
    if (no) {
      stats.recoveredByKey++;
      if (orders.size > before) stats.ordersAcked++;
    }
  });
  say(`restart: ${unknownKeys.length} orders with a lost answer asked again by key (${stats.recoveredByKey} answered)`);
}

/**
 * Every payment recorded is polled by its owner, as the pay page does after a crash, until it is settled
 * or the gateway has said it was never paid. A poll asks the gateway when the last question is older than
 * 5 s; nothing asks while the server is down, so a poll made over 5 s after the kill asked, and "pending"
 * then is the gateway's answer. Otherwise it polls again, for up to 15 s.
 * @returns {Promise<{ settled: number, outcome: Record<string, number> }>} how many were polled, by their last status
 */
export async function settlePayments() {
  const settleStart = Date.now();
  const outcome = {};
  const settled = payments.size;
  await pool([...payments.entries()], 20, async ([no, p]) => {
    let status = 'unknown';
    while (Date.now() - settleStart < 15_000) {
      const asked = Date.now();
      const r = await callRetry('GET', `/payments/${no}`, { token: p.s.token, ip: p.s.ip });
      status = r.json?.data?.status ?? `http ${r.status}`;
      if (status !== 'pending' || asked - killed.at > 5_500) break;
      await sleep(1000);
    }
    bump(outcome, status);
  });
  say(`settled ${settled} payments in ${((Date.now() - settleStart) / 1000).toFixed(1)} s: ${JSON.stringify(outcome)}`);
  return { settled, outcome };
}

/** The restarted server takes new orders and payments: each shopper pays one more order, every other one then renewing its service for a year. */
export async function orderAfterRestart(shoppers) {
  const before = stats.confirmed;
  const renewalsBefore = stats.renewals;
  const afterRestart = [];
  await Promise.all(shoppers.map(async (s) => {
    const no = await checkout(s, { ...NO_FAULTS, renew: s.i % 2 === 0 }).catch((err) => (afterRestart.push(`${err.message}`), null));
    if (!no) afterRestart.push(`shopper ${s.i}: no order`);
  }));
  // Each renewal placed is paid too.
  const expected = shoppers.length + stats.renewals - renewalsBefore;
  check('orders and payments after the restart', afterRestart.concat(stats.confirmed - before === expected ? [] : [`${stats.confirmed - before}/${expected} confirmed`]));
  say(`after the restart: ${shoppers.length - afterRestart.length}/${shoppers.length} new orders paid`);
}

/**
 * Every order a shopper was told about is served by the restarted server; refunds still on their way
 * (late payments found while settling) are waited for (已退款), up to 5 s, so the books see them settled.
 */
export async function checkOrdersServed() {
  const unserved = [];
  const refunding = [];
  await pool([...orders.entries()], 10, async ([no, o]) => {
    const r = await callRetry('GET', `/orders/${no}`, { token: o.s.token, ip: o.s.ip });
    if (r.json?.resultCode !== 200) unserved.push(`${no}: ${r.status} ${r.json?.message ?? ''}`);
    else if (r.json.data.status === 'refunding') refunding.push([no, o]);
  });
  check('orders served after the restart', unserved, `${orders.size} orders`);
  const refundWait = Date.now();
  while (refunding.length && Date.now() - refundWait < 5_000) {
    await sleep(500);
    for (const [i, [no, o]] of [...refunding.entries()].reverse()) {
      const r = await callRetry('GET', `/orders/${no}`, { token: o.s.token, ip: o.s.ip });
      if (r.json?.data?.status !== 'refunding') refunding.splice(i, 1);
    }
  }
}

/** What the payment sweep at the restart did, from its log line (none logged: nothing to do). */
export function sweepAtRestart(logFile, logBefore) {
  const sweepLine = readFileSync(logFile, 'utf8').slice(logBefore).split('\n').find((l) => l.includes('"msg":"payment sweep"'));
  return sweepLine ? JSON.parse(sweepLine) : { refunds: 0, closed: 0, reconciled: 0 };
}

/**
 * Every after-sales request a shopper was told about is served by the restarted server, with the amount
 * it was told; its refund (cut short by the kill, repeated by the sweep) is waited for, up to 15 s, so
 * the books see it settled (已退款).
 */
export async function checkAfterSalesServed() {
  const problems = [];
  const waitStart = Date.now();
  const outcome = {};
  await pool([...afterSales.entries()], 10, async ([no, a]) => {
    let data = null;
    for (;;) {
      const r = await callRetry('GET', `/aftersales/${no}`, { token: a.s.token, ip: a.s.ip });
      data = r.json?.resultCode === 200 ? r.json.data : null;
      if (!data) return void problems.push(`${no}: ${r.status} ${r.json?.message ?? ''}`);
      if (data.status !== 'refunding' || Date.now() - waitStart > 15_000) break;
      await sleep(500);
    }
    if (data.refundFen !== a.refundFen) problems.push(`${no}: told ${a.refundFen} fen, now ${data.refundFen}`);
    bump(outcome, data.status);
  });
  check('after-sales served after the restart', problems, `${afterSales.size} requests: ${JSON.stringify(outcome)}`);
}
