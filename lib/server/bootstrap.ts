/** Server start: open the database, apply migrations, insert the missing seed rows. */
import { getDbHandle } from './db/client';
import { seedDb } from './db/seed';
import { log } from './log';
import { sweepOrders } from './services/order';
import { ORDER_SWEEP_INTERVAL_MS } from '../constants';
import { shopMode } from '../site';

export async function bootstrap(): Promise<void> {
  const started = Date.now();
  const handle = await getDbHandle();
  const seeded = process.env.SEED === 'off' ? null : await seedDb(handle.db);
  log.info({ db: handle.kind, mode: shopMode(), products: seeded?.products, ms: Date.now() - started }, 'shop ready');
  startOrderSweep();
}

/** Cancels overdue unpaid orders and completes long-shipped ones once a minute (reads check too). */
function startOrderSweep(): void {
  const g = globalThis as typeof globalThis & { __orderSweep?: NodeJS.Timeout };
  if (g.__orderSweep) return;
  const run = () => sweepOrders().catch((err) => log.error({ err: String(err) }, 'order sweep failed'));
  g.__orderSweep = setInterval(run, ORDER_SWEEP_INTERVAL_MS);
  g.__orderSweep.unref();
  void run();
}
