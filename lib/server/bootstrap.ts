/**
 * Server start (after instrumentation.ts has checked the settings: lib/server/startup.ts), check TRUST_PROXY, open the database, apply migrations, insert the missing seed
 * rows, cut the search words of products that lack them. A failure here ends the process (lib/server/startup.ts says why): Next remembers a failed
 * start and would answer 500 to every request, even after the database came back.
 */
import { getDbHandle, type DbHandle } from './db/client';
import { seedDb } from './db/seed';
import { log } from './log';
import { checkTrustProxy, databaseFailureMessage, probeDatabase, siteUrlMismatch } from './startup';
import { sweepOrders } from './flows/order-sweep';
import { sweepPayments } from './flows/payment-notified';
import { sweepAfterSales } from './modules/after-sales';
import { notifyExpiringCoupons } from './modules/coupons';
import { remindSubscriptions } from './modules/subscription';
import { chargeAutoRenewals } from './flows/auto-renew-charges';
import { closeIdleConversations } from './modules/support';
import { deliverAfterCommits, deliverOutbox } from './flows/outbox-delivery';
import { pruneExpired } from './flows/prune-expired';
import { queryQuietWaybills } from './flows/parcels';
import { sweepParcels } from './carrier-sandbox/parcels';
import { sweepPickups } from './carrier-sandbox/pickups';
import { settings } from './settings/settings';
import { shopMode } from '../site';
import { onStop } from './boot/stop-steps.mjs';
import { setOutboxProbe } from './metrics/metrics.mjs';
import { outboxBacklog } from './modules/outbox';
import { reindexSearchWords } from './modules/catalog';

export async function bootstrap(): Promise<void> {
  const started = Date.now();
  // Every commit's outbox events delivered right after it, the seed's included (docs/outbox.md#delivery).
  deliverAfterCommits();
  try {
    checkTrustProxy();
  } catch (err) {
    exitAtStart(`量盾商城无法启动：TRUST_PROXY 设置有误。\nThe shop cannot start: ${(err as Error).message}`);
  }
  const mismatch = siteUrlMismatch();
  if (mismatch) {
    console.error(`\n${'!'.repeat(80)}\n${mismatch}\n${'!'.repeat(80)}\n`);
    log.warn({ builtFor: process.env.SHOP_BUILD_SITE_URL }, 'canonical links were built for another SITE_URL');
  }
  let handle: DbHandle;
  let seeded: Awaited<ReturnType<typeof seedDb>> | null;
  try {
    await probeDatabase();
    handle = await getDbHandle();
    seeded = settings().SEED === 'off' ? null : ((await handle.exclusive('setup', () => seedDb(handle.db), { wait: true })) ?? null);
    // Products whose search words are missing or were cut with an older dictionary get them now, on one
    // instance at a time (docs/decisions/search.md#the-index).
    await handle.exclusive('setup', () => reindexSearchWords(handle.db), { wait: true });
  } catch (err) {
    exitAtStart(databaseFailureMessage(err));
  }
  log.info({ db: handle.kind, mode: shopMode(), products: seeded?.products, ms: Date.now() - started }, 'shop ready');
  setOutboxProbe(outboxBacklog); // read at each scrape of /metrics (docs/metrics.md)
  startOrderSweep();
}

/** The sweep's period: ORDER_SWEEP_INTERVAL_MS, or SWEEP_INTERVAL_MS (ms, ≥ 200) where a test needs ticks sooner. */
const sweepIntervalMs = () => settings().SWEEP_INTERVAL_MS;

/**
 * Once a minute: cancels overdue unpaid orders, completes long-shipped ones (reads check too), moves
 * after-sales requests whose time is up, asks again about refunds under way, closes open payments
 * of orders no longer waiting, and (hourly) deletes security records past their time.
 */
function startOrderSweep(): void {
  const g = globalThis as typeof globalThis & { __orderSweep?: NodeJS.Timeout };
  if (g.__orderSweep) return;
  const run = () => sweepOnce().catch((err) => log.error({ err: String(err) }, 'sweep failed'));
  const timer = setInterval(run, sweepIntervalMs());
  g.__orderSweep = timer;
  timer.unref();
  onStop(() => clearInterval(timer));
  void run();
}

/**
 * One sweep tick: on one instance of those sharing the database (the others skip this tick). Every
 * move a sweep makes is guarded anyway; the lock keeps N instances from doing the same work N times.
 * Answers whether this instance swept.
 */
export async function sweepOnce(): Promise<boolean> {
  const handle = await getDbHandle();
  const swept = await handle.exclusive(
    'sweep',
    async () => {
      await sweepOrders().catch((err) => log.error({ err: String(err) }, 'order sweep failed'));
      await sweepAfterSales().catch((err) => log.error({ err: String(err) }, 'after-sales sweep failed'));
      await sweepPayments().catch((err) => log.error({ err: String(err) }, 'payment sweep failed'));
      await pruneExpired().catch((err) => log.error({ err: String(err) }, 'security records sweep failed'));
      await notifyExpiringCoupons().catch((err) => log.error({ err: String(err) }, 'expiring coupons sweep failed'));
      await remindSubscriptions().catch((err) => log.error({ err: String(err) }, 'subscription reminders sweep failed'));
      await chargeAutoRenewals().catch((err) => log.error({ err: String(err) }, 'auto-renew charges sweep failed'));
      // Parcels: the demo carrier's due steps, then waybills gone quiet asked about (docs/tracking.md).
      if (shopMode() === 'demo') await sweepParcels().catch((err) => log.error({ err: String(err) }, 'demo carrier sweep failed'));
      // 上门取件: the demo carrier's couriers take their due steps (docs/tracking.md#demo-carrier).
      if (shopMode() === 'demo') await sweepPickups().catch((err) => log.error({ err: String(err) }, 'demo carrier pickup sweep failed'));
      await queryQuietWaybills().catch((err) => log.error({ err: String(err) }, 'tracking sweep failed'));
      // 在线客服: conversations idle for 48 hours close with a line saying so (docs/support.md).
      await closeIdleConversations().catch((err) => log.error({ err: String(err) }, 'support sweep failed'));
      // What a crash between a commit and its delivery, or a failed try, left in the outbox (docs/outbox.md).
      await deliverOutbox().catch((err) => log.error({ err: String(err) }, 'outbox sweep failed'));
      return true;
    },
    { wait: false },
  );
  return swept ?? false;
}

function exitAtStart(message: string): never {
  console.error(message);
  log.fatal({ reason: message.split('\n').at(-1) }, 'shop cannot start');
  process.exit(1);
}
