/** Server start: open the database, apply migrations, insert the missing seed rows. */
import { getDbHandle } from './db/client';
import { seedDb } from './db/seed';
import { log } from './log';
import { sweepOrders } from './services/order';
import { sweepPayments } from './services/payment';
import { ORDER_SWEEP_INTERVAL_MS } from '../constants';
import { shopMode } from '../site';

export async function bootstrap(): Promise<void> {
  const started = Date.now();
  const handle = await getDbHandle();
  const seeded = process.env.SEED === 'off' ? null : await seedDb(handle.db);
  log.info({ db: handle.kind, mode: shopMode(), products: seeded?.products, ms: Date.now() - started }, 'shop ready');
  startOrderSweep();
}

/**
 * Once a minute: cancels overdue unpaid orders, completes long-shipped ones (reads check too), asks
 * again about refunds under way and closes open payments of orders no longer waiting.
 */
function startOrderSweep(): void {
  const g = globalThis as typeof globalThis & { __orderSweep?: NodeJS.Timeout };
  if (g.__orderSweep) return;
  const run = async () => {
    await sweepOrders().catch((err) => log.error({ err: String(err) }, 'order sweep failed'));
    await sweepPayments().catch((err) => log.error({ err: String(err) }, 'payment sweep failed'));
  };
  g.__orderSweep = setInterval(run, ORDER_SWEEP_INTERVAL_MS);
  g.__orderSweep.unref();
  void run();
}
