#!/usr/bin/env node
/**
 * The fault test: kill the shop with SIGKILL in the middle of a checkout and payment load,
 * start it again on the same data, and check the books.
 *
 *   node scripts/fault-test.mjs --db pglite|postgres [--cluster]
 *
 * --cluster (PostgreSQL): two instances behind nginx with Redis (docs/cluster.md); the second instance is
 * killed while the load goes on through the front, then started again; the same books are checked.
 *
 *  1. `server.mjs` (the production build in NEXT_DIST_DIR or .next; NODE_ENV=production, SHOP_MODE=demo,
 *     SITE_URL=http://127.0.0.1:<port>) on 127.0.0.1:FAULT_PORT (3370), on a fresh DATA_DIR (PGlite) or a
 *     fresh database shop_fault_<random> made on TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/test)
 *     and dropped at the end. The server is spawned as `node server.mjs`: the process killed is the
 *     one serving (checked: it has no child processes, and on PGlite it holds the data dir's lock).
 *  2. The starting stock of the SKUs the load buys (product 10909's two SKUs, a service SKU of 10920).
 *  3. FAULT_SHOPPERS (20) shoppers log in (demo SMS codes, each calling from a loopback address of its
 *     own, 127.88.x.y, so the per-IP limits see them apart) and save an address. On
 *     PGlite, meanwhile, a second process (scripts/admin-create.ts) must be refused the data dir.
 *  4. The shoppers loop concurrently: order (a fresh idempotency key per attempt) → WeChat Native payment
 *     → the demo phone confirms (sometimes losing the notification), sometimes cancelling before paying,
 *     sometimes cancelling after a payment whose notification was lost (the late-payment refund path),
 *     sometimes paying one order twice (Native and H5 at once), and once paid sometimes asking for money back
 *     through after-sales (仅退款 of one unit, or 取消订单 of the paid order: both refunded at once). After FAULT_LOAD_MS (4000; longer, up to
 *     3×, until FAULT_MIN_CONFIRMED (15) payments were confirmed) the server gets SIGKILL, whatever it is
 *     doing, and stays down FAULT_DOWN_MS (10500: the sweep at start then repeats every refund cut short).
 *  5. Start again on the same data. Orders whose answer was lost are asked for again with the same
 *     idempotency key; every order a shopper was told about must be served; every payment recorded is
 *     polled as its owner (GET /payments/{no}, which asks the gateway at most every 5 s) until it is
 *     settled or has been asked about after the restart; then each shopper pays one more order.
 *  6. SIGTERM, then the books, by SQL on the database itself:
 *     stock accounted (start = now + what live orders hold), no order paid twice, no payment lost
 *     (gateway paid ⇔ shop succeeded; late payments refunded), no payment stuck, refunds settled, no
 *     acknowledged write lost, every paid 续费 extending its term exactly once and nothing else extending one,
 *     every outbox event (SMS, revalidation, refund sent) delivered exactly once —
 *     the server runs with OUTBOX_HOLD_MS (300), so the kill lands between commits and their deliveries.
 *     Prints the figures; the exit status is 1 when any check fails.
 * FAULT_KEEP=1 keeps the data dir and server log. The machine may be slow: timeouts are generous.
 *
 * The parts, under scripts/fault/: config (options, progress lines), stage (work dir, database, clean-up),
 * server (start and stop the shop), http (the client), record (what the shoppers were told), checkout and
 * shoppers (the load), data-dir-lock (PGlite's one process per data dir), kill-restart (the fault),
 * recovery (the checks after the restart), books/ (the SQL audit) and report (the checks and the verdict).
 */
// First: a wrong option or a missing build ends the test before the other parts load.
import { BASE, KIND, say, t0 } from './fault/config.mjs';
import { audit } from './fault/books/audit.mjs';
import { waitOutboxLeases } from './fault/books/outbox.mjs';
import { readStartStock } from './fault/checkout.mjs';
import { checkSecondProcess, openDataDirTwice } from './fault/data-dir-lock.mjs';
import { loadThenKill, restartAfterDownTime } from './fault/kill-restart.mjs';
import { askLostOrdersAgain, checkAfterSalesServed, checkOrdersServed, orderAfterRestart, settlePayments, sweepAtRestart } from './fault/recovery.mjs';
import { printReport } from './fault/report.mjs';
import { Shop, childrenOf, portAnswers } from './fault/server.mjs';
import { signUpShoppers, warmUp } from './fault/shoppers.mjs';
import { describeStage, prepareStage, teardownStage } from './fault/stage.mjs';

const stage = await prepareStage();
const shop = new Shop(stage);
let exitCode = 0;
try {
  // 1. The server, checked to be the process that serves.
  if (await portAnswers()) throw new Error(`something already answers on ${BASE}: set FAULT_PORT`);
  say(describeStage(stage));
  await shop.start('first start');
  const kids = childrenOf(shop.child.pid);
  if (kids.length) throw new Error(`server.mjs (pid ${shop.child.pid}) has child processes ${kids.join(', ')}: killing it would not kill the server`);

  // 2. Starting stock.
  const startStock = await readStartStock();
  say(`start stock: ${[...startStock].map(([skuId, stock]) => `sku ${skuId}=${stock}`).join(', ')}`);

  // 3. Shoppers (and on PGlite, a second process asking for the data dir).
  const secondProcess = KIND === 'pglite' ? openDataDirTwice(stage, shop) : null;
  const shoppers = await signUpShoppers();
  say(`${shoppers.length} shoppers logged in with addresses`);
  if (secondProcess) await checkSecondProcess(secondProcess);
  await warmUp(shoppers[0]);
  say('warmed up (order, pay, lost notification, cancel, late payment, double payment, after-sales refund, cancel of a paid order)');

  // 4. Load, then SIGKILL in the middle of it.
  const load = await loadThenKill(shop, shoppers);

  // 5. Start again on the same data, after the down time; the shoppers come back.
  const logBefore = await restartAfterDownTime(shop, stage);
  await askLostOrdersAgain();
  const settling = await settlePayments();
  await orderAfterRestart(shoppers);
  await checkOrdersServed();
  await checkAfterSalesServed();
  const sweep = sweepAtRestart(stage.logFile, logBefore);

  // 6. Stop, then the books (once what the killed process had claimed of the outbox is due again).
  await waitOutboxLeases();
  await shop.stop('SIGTERM');
  say('server stopped; checking the books');
  const fig = await audit(stage, startStock);
  exitCode = printReport({ load, settling, sweep, fig });
} catch (err) {
  console.error(`[fault] ${err.stack ?? err.message}`);
  exitCode = 1;
} finally {
  await shop.stop('SIGTERM').catch(() => {});
  await teardownStage(stage, exitCode);
}
console.log(exitCode === 0 ? `fault test (${KIND}) passed in ${((Date.now() - t0) / 1000).toFixed(0)} s` : `fault test (${KIND}) FAILED`);
process.exit(exitCode);
