/**
 * The verdict: the checks every part adds as it goes, and the report printed at the end (the figures
 * from the books, what the load did, what the restart did, then each check). The exit status follows it.
 */
import { CLUSTER, CLUSTER_LOAD_AFTER_KILL_MS, DOWN_MS, KIND, SHOPPERS } from './config.mjs';
import { stats, unknownKeys } from './record.mjs';

const checks = [];

/** Adds a check: it passes when problems is empty; detail is shown next to a passing check. */
export function check(name, problems, detail = '') {
  checks.push({ name, ok: problems.length === 0, problems, detail });
}

const pairs = (o) => Object.entries(o).map(([k, v]) => `${k} ${v}`).join(', ');

/**
 * Prints the report. @returns {number} the exit status: 1 when a check failed or a connection failed
 * before the kill (nothing should fail while the server runs)
 */
export function printReport({ load, settling, sweep, fig }) {
  console.log('');
  console.log(`fault test on ${KIND}${CLUSTER ? ' (cluster: 2 instances behind nginx, one killed)' : ''}: ${SHOPPERS} shoppers, SIGKILL after ${load.ms} ms of load (${load.confirmed} payments confirmed under load)`);
  if (load.afterKill) {
    console.log(`  one left      ${load.afterKill.orders} orders acknowledged and ${load.afterKill.confirmed} payments confirmed through the front in the ${CLUSTER_LOAD_AFTER_KILL_MS} ms after the kill`);
    check('the cluster kept taking orders with one instance killed', load.afterKill.orders > 0 ? [] : ['no order was acknowledged after the kill']);
  }
  console.log(`  orders        ${fig.orders} (paid/completed ${fig.paid}, waiting ${fig.waiting}, cancelled ${fig.cancelled}, refunding ${fig.refunding}, refunded ${fig.refunded}); renewals ${fig.renewals}, applied ${fig.renewalsApplied}`);
  console.log(`  payments      ${fig.payments} (succeeded ${fig.succeeded}, pending ${fig.pending}, closed ${fig.closed}; refunds ${fig.refunds}, still processing ${fig.refunds_processing}); gateway paid trades ${fig.gateway_paid}`);
  console.log(`  load          ${stats.confirmed} confirmed on the phone, ${stats.dropped} notifications dropped, ${stats.doubleAttempts} orders paid twice at once, ` +
    `${stats.cancelledFirst} cancelled before paying, ${stats.cancelledAfterDrop} cancelled after paying (late payments), ${stats.orderRefused} orders refused (stock), ` +
    `${stats.afterSales} after-sales refunds of a unit, ${stats.cancelledPaid} paid orders cancelled (refunded), ${stats.renewals} renewals placed`);
  console.log(`  client errors at the kill: ${pairs(stats.netAtKill) || 'none'}; before it: ${pairs(stats.netBeforeKill) || 'none'}; answers lost → asked again by key: ${unknownKeys.length}`);
  if (Object.keys(stats.http).length) console.log(`  other answers: ${Object.entries(stats.http).map(([k, v]) => `${k} ×${v}`).join('; ')}`);
  console.log(`  restart       down ${(DOWN_MS / 1000).toFixed(1)} s; the sweep at start repeated ${sweep.refunds} refunds, closed ${sweep.closed} payments; ` +
    `settling polled ${settling.settled} payments: ${pairs(settling.outcome)}; notifications stored ${fig.notifications}`);
  for (const c of checks) {
    console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}${c.ok && c.detail ? `  (${c.detail})` : ''}`);
    for (const p of c.problems.slice(0, 10)) console.log(`         ${p}`);
    if (c.problems.length > 10) console.log(`         … ${c.problems.length - 10} more`);
  }
  let exitCode = 0;
  if (Object.keys(stats.netBeforeKill).length) {
    console.log('  FAIL network errors before the kill');
    exitCode = 1;
  }
  if (checks.some((c) => !c.ok)) exitCode = 1;
  return exitCode;
}
