/**
 * One shopper's checkout, with its faults: order (a fresh idempotency key per attempt) → WeChat Native
 * payment → the demo phone confirms, sometimes losing the notification; sometimes cancelled before
 * paying, sometimes cancelled after a payment whose notification was lost (the late-payment refund
 * path), sometimes paid twice at once (Native and H5); once paid, sometimes refunded in part or whole
 * through after-sales (仅退款 of one unit, or 取消订单 of the paid order, both refunded at once), or its
 * service renewed for a year (续费, paid the same way).
 * Everything acknowledged goes into the record.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { BASE, ODDS } from './config.mjs';
import { NetError, call } from './http.mjs';
import { afterSales, bump, noteHttpProblem, orders, payments, stats, unknownKeys } from './record.mjs';

let skuPlan = []; // [{ skuId, stock }]: what the load buys

/**
 * Reads the starting stock of the SKUs the load buys (product 10909's two SKUs, a service SKU of 10920)
 * and buys from those from now on. @returns {Promise<Map<number, number>>} skuId → stock
 */
export async function readStartStock() {
  const p10909 = (await call('GET', '/products/10909')).json.data;
  const p10920 = (await call('GET', '/products/10920')).json.data;
  skuPlan = [...p10909.skus.slice(0, 2), p10920.skus[0]].map((k) => ({ skuId: k.id, stock: k.stock }));
  return new Map(skuPlan.map((k) => [k.skuId, k.stock]));
}

/** One or two of the SKUs, 1–2 units each; with `service`, the service SKU always among them (a renewal needs one). */
function pickItems(service = false) {
  const pick = [...skuPlan].sort(() => Math.random() - 0.5).slice(0, randomInt(1, 3));
  const serviceSku = skuPlan[skuPlan.length - 1];
  if (service && !pick.includes(serviceSku)) pick[0] = serviceSku;
  return pick.map((p) => ({ skuId: p.skuId, quantity: randomInt(1, 3) }));
}

async function startPay(s, orderNo, channel) {
  const r = await call('POST', '/payments', { token: s.token, ip: s.ip, body: { orderNo, channel } });
  if (r.json?.resultCode !== 200) return void noteHttpProblem(`pay ${channel}`, r);
  const d = r.json.data;
  stats.paymentsStarted++;
  payments.set(d.paymentNo, { orderNo, s, channel, confirmed: false, dropped: false });
  const page = d.codeUrl ?? d.h5Url?.replace(/\?.*$/, '');
  return page ? { paymentNo: d.paymentNo, page } : null;
}

/** The demo phone pays; with drop, the gateway loses the notification to the shop. */
async function confirm(p, drop) {
  const r = await call('POST', `${p.page}/confirm`, { form: drop ? 'drop_notify=1' : '' });
  const ok = r.status === 303 && r.location && !new URL(r.location, BASE).searchParams.has('error');
  if (!ok) return void noteHttpProblem('confirm', r);
  const rec = payments.get(p.paymentNo);
  rec.confirmed = true;
  rec.dropped = drop;
  stats.confirmed++;
  if (drop) stats.dropped++;
}

async function cancel(s, orderNo) {
  const r = await call('POST', `/orders/${orderNo}/cancel`, { token: s.token, ip: s.ip, body: { reason: '不想要了' } });
  if (r.json?.resultCode !== 200) return noteHttpProblem('cancel', r), false;
  orders.get(orderNo).cancelAcked = true;
  return true;
}

/** Places (or, with a key already used, asks again for) an order; the order number, or null when refused. */
export async function placeOrder(s, key, items) {
  const r = await call('POST', '/orders', { token: s.token, ip: s.ip, body: { items, addressId: s.addressId, idempotencyKey: key } });
  if (r.json?.resultCode !== 200) {
    if (r.status === 409) stats.orderRefused++;
    else noteHttpProblem('order', r);
    return null;
  }
  const orderNo = r.json.data.orderNo;
  if (!orders.has(orderNo)) orders.set(orderNo, { s, key, cancelAcked: false });
  return orderNo;
}

/** The order once paid, or null: the notification may still be on its way, so it is asked a few times, as the pay page polls. */
async function paidOrder(s, orderNo) {
  let order = null;
  for (let i = 0; i < 10 && (!order || order.status === 'pending_payment'); i++) {
    if (i) await new Promise((r) => setTimeout(r, 200));
    order = (await call('GET', `/orders/${orderNo}`, { token: s.token, ip: s.ip })).json?.data;
  }
  return order && order.status !== 'pending_payment' ? order : null;
}

/**
 * After paying an order with a service line: its subscription's first code activated (the term starts), then
 * 续费 1 年 placed and paid, its notification sometimes lost, so the kill falls among renewals too and the
 * books can hold each paid renewal to exactly one extension of its term.
 */
async function renewAfterPaying(s, orderNo, drop) {
  const order = await paidOrder(s, orderNo);
  if (!order) return void bump(stats.http, 'renew: order not paid within 2 s');
  const subscriptionId = order.lines.find((l) => l.kind === 'service')?.subscriptionIds[0];
  if (!subscriptionId) return void bump(stats.http, 'renew: paid service line without a subscription');
  const sub = (await call('GET', `/subscriptions/${subscriptionId}`, { token: s.token, ip: s.ip })).json?.data;
  if (!sub) return;
  if (sub.state === 'unused') {
    const a = await call('POST', `/licenses/${sub.codes[0].code}/activate`, { token: s.token, ip: s.ip, body: {} });
    if (a.json?.resultCode !== 200) return void noteHttpProblem('activate', a);
  }
  const key = `fault-renew-${s.i}-${++s.n}-${randomBytes(4).toString('hex')}`;
  const r = await call('POST', `/subscriptions/${subscriptionId}/renew`, { token: s.token, ip: s.ip, body: { years: 1, idempotencyKey: key } });
  if (r.json?.resultCode !== 200) return void noteHttpProblem('renew', r);
  const renewNo = r.json.data.orderNo;
  if (!orders.has(renewNo)) orders.set(renewNo, { s, key, cancelAcked: false });
  stats.renewals++;
  const p = await startPay(s, renewNo, 'wechat_native');
  if (p) await confirm(p, drop);
}

/**
 * After paying, money back through after-sales: 取消订单 of the whole paid order (a device order not
 * yet shipped), or 仅退款 of one unit of the first line that has one (codes of a service line, or a
 * device not shipped). Both are approved and refunded at once, so the kill may cut a refund short.
 */
async function refundAfterPaying(s, orderNo, cancelPaid) {
  const order = await paidOrder(s, orderNo);
  if (!order) return;
  if (cancelPaid && order.actions.cancel) {
    const r = await call('POST', `/orders/${orderNo}/cancel`, { token: s.token, ip: s.ip, body: { reason: '不想要了' } });
    if (r.json?.resultCode !== 200) return void noteHttpProblem('cancel paid', r);
    stats.cancelledPaid++;
    return;
  }
  const line = order.lines.find((l) => l.quantity > l.afterSaleQuantity);
  if (!line) return;
  const body = { orderNo, type: 'refund_only', reason: 'no_longer_needed', items: [{ orderItemId: line.id, quantity: 1 }] };
  const r = await call('POST', '/aftersales', { token: s.token, ip: s.ip, body });
  if (r.json?.resultCode !== 200) return void noteHttpProblem('after-sales', r);
  afterSales.set(r.json.data.afterSaleNo, { orderNo, s, refundFen: r.json.data.refundFen });
  stats.afterSales++;
}

/** A checkout's faults, drawn at random. */
const draw = () => ({
  cancelFirst: Math.random() < ODDS.cancelFirst,
  double: Math.random() < ODDS.double,
  drop: Math.random() < ODDS.drop,
  cancelAfterDrop: Math.random() < ODDS.cancelAfterDrop,
  afterSale: Math.random() < ODDS.afterSale,
  cancelPaid: Math.random() < ODDS.cancelPaid,
  renew: Math.random() < ODDS.renew,
  renewDrop: Math.random() < ODDS.drop,
});
export const NO_FAULTS = { cancelFirst: false, double: false, drop: false, cancelAfterDrop: false, afterSale: false, cancelPaid: false, renew: false, renewDrop: false };

/** One checkout of one shopper; plan gives its faults (drawn at random unless given). An order whose answer was lost is noted for the restart. */
export async function checkout(s, plan = draw()) {
  const items = pickItems(plan.renew);
  const key = `fault-${s.i}-${++s.n}-${randomBytes(4).toString('hex')}`;
  let orderNo;
  try {
    orderNo = await placeOrder(s, key, items);
  } catch (err) {
    if (err instanceof NetError) unknownKeys.push({ s, key, items });
    throw err;
  }
  if (!orderNo) return null;
  stats.ordersAcked++;
  if (plan.cancelFirst) {
    if (await cancel(s, orderNo)) stats.cancelledFirst++;
    return orderNo;
  }
  const p1 = await startPay(s, orderNo, 'wechat_native');
  if (!p1) return orderNo;
  const p2 = plan.double ? await startPay(s, orderNo, 'wechat_h5') : null;
  if (p2) stats.doubleAttempts++;
  const drop = plan.drop;
  await Promise.all([confirm(p1, drop), p2 ? confirm(p2, drop) : null]);
  if (drop && plan.cancelAfterDrop) {
    if (await cancel(s, orderNo)) stats.cancelledAfterDrop++;
    return orderNo;
  }
  const r = await call('GET', `/payments/${p1.paymentNo}`, { token: s.token, ip: s.ip });
  if (r.json?.resultCode !== 200) noteHttpProblem('status', r);
  if (plan.afterSale && !drop) await refundAfterPaying(s, orderNo, plan.cancelPaid);
  else if (plan.renew && !drop) await renewAfterPaying(s, orderNo, plan.renewDrop);
  return orderNo;
}
