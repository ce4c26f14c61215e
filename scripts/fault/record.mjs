/**
 * What the shoppers were told: every order and payment the shop acknowledged, the answers lost in the
 * kill, and the counts the report prints. The recovery and the books are checked against this record,
 * because a crash may only lose what nobody was told.
 */

/** `at`: the SIGKILL, from when network errors are expected; `done`: the shopper loops end (at once, or on a cluster a while later). */
export const killed = { at: 0, pid: 0, done: false };
export const stats = {
  ordersAcked: 0,
  orderRefused: 0, // 409: out of stock etc.
  paymentsStarted: 0,
  confirmed: 0,
  dropped: 0,
  doubleAttempts: 0,
  cancelledFirst: 0,
  cancelledAfterDrop: 0,
  recoveredByKey: 0,
  afterSales: 0, // after-sales refunds acknowledged (a line's unit, or the whole paid order cancelled)
  cancelledPaid: 0,
  renewals: 0, // 续费 orders placed for a subscription the load bought (then paid, the notification sometimes lost)
  netBeforeKill: {},
  netAtKill: {},
  http: {},
};
export const orders = new Map(); // orderNo → { s, key, cancelAcked }
export const unknownKeys = []; // orders whose answer was lost: { s, key, items }
export const payments = new Map(); // paymentNo → { orderNo, s, channel, confirmed, dropped }
export const afterSales = new Map(); // afterSaleNo → { orderNo, s, refundFen }

export const bump = (o, k) => (o[k] = (o[k] ?? 0) + 1);

/** Counts a failed connection, apart by whether the server had been killed yet. */
export function noteNetError(err) {
  bump(killed.at ? stats.netAtKill : stats.netBeforeKill, err.code);
}

/** Counts an answer the load did not expect (an error other than out of stock). */
export function noteHttpProblem(step, r) {
  bump(stats.http, `${step} ${r.status}${r.json?.message ? ` ${r.json.message}` : ''}`);
}
