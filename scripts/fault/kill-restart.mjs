/**
 * The fault itself: the shoppers load the shop, it gets SIGKILL whatever it is doing, stays down for
 * FAULT_DOWN_MS and starts again on the same data.
 */
import { readFileSync } from 'node:fs';
import { CLUSTER, CLUSTER_LOAD_AFTER_KILL_MS, DOWN_MS, HOST, KIND, LOAD_MS, MIN_CONFIRMED, say, sleep } from './config.mjs';
import { checkLockAfterKill, checkLockAfterRestart } from './data-dir-lock.mjs';
import { killed, stats } from './record.mjs';
import { VICTIM_PORT, portAnswers } from './server.mjs';
import { shopperLoop } from './shoppers.mjs';

/**
 * Runs the load for FAULT_LOAD_MS (longer, up to 3×, until FAULT_MIN_CONFIRMED payments were confirmed),
 * then SIGKILL. @returns {Promise<{ ms: number, confirmed: number }>} how long the load ran and what it paid
 */
export async function loadThenKill(shop, shoppers) {
  const confirmedBefore = stats.confirmed;
  const loadStart = Date.now();
  const loops = shoppers.map((s) => shopperLoop(s));
  await sleep(LOAD_MS);
  while (stats.confirmed - confirmedBefore < MIN_CONFIRMED && Date.now() - loadStart < 3 * LOAD_MS) await sleep(100);
  const loadMs = Date.now() - loadStart;
  const inFlightOrders = stats.ordersAcked;
  const load = { ms: loadMs, confirmed: stats.confirmed - confirmedBefore };
  killed.pid = shop.child.pid;
  shop.child.kill('SIGKILL');
  killed.at = Date.now();
  const how = await shop.child.exited;
  if (CLUSTER) {
    // The other instance goes on serving through the front while the load continues.
    const ackedAtKill = stats.ordersAcked;
    const confirmedAtKill = stats.confirmed;
    if (await portAnswers(`http://${HOST}:${VICTIM_PORT}`)) throw new Error(`:${VICTIM_PORT} still answers after SIGKILL: the killed process was not the instance`);
    await sleep(CLUSTER_LOAD_AFTER_KILL_MS);
    load.afterKill = { orders: stats.ordersAcked - ackedAtKill, confirmed: stats.confirmed - confirmedAtKill };
    if (!(await portAnswers())) throw new Error('the front stopped answering with one instance left');
  }
  killed.done = true;
  await Promise.all(loops);
  say(`SIGKILL (${how.signal}) after ${loadMs} ms of load: ${inFlightOrders} orders acknowledged, ${stats.paymentsStarted} payments started, ${stats.confirmed} confirmed (${stats.dropped} notifications dropped)` +
    (load.afterKill ? `; with one instance left: ${load.afterKill.orders} more orders, ${load.afterKill.confirmed} more payments confirmed in ${CLUSTER_LOAD_AFTER_KILL_MS} ms` : ''));
  if (!CLUSTER && (await portAnswers())) throw new Error('the port still answers after SIGKILL: the killed process was not the server');
  return load;
}

/**
 * Starts the shop again on the same data once the down time has passed since the kill.
 * @returns {Promise<number>} where the restarted server's part of the log begins
 */
export async function restartAfterDownTime(shop, stage) {
  if (KIND === 'pglite') checkLockAfterKill(stage, shop.child.pid);
  await sleep(Math.max(0, killed.at + DOWN_MS - Date.now()));
  const logBefore = readFileSync(stage.logFile, 'utf8').length;
  await shop.start('restart after SIGKILL');
  if (KIND === 'pglite') checkLockAfterRestart(stage, shop);
  return logBefore;
}
