/** Server start: open the database, apply migrations, insert the missing seed rows. */
import { getDbHandle } from './db/client';
import { seedDb } from './db/seed';
import { log } from './log';
import { shopMode } from '../site';

export async function bootstrap(): Promise<void> {
  const started = Date.now();
  const handle = await getDbHandle();
  const seeded = process.env.SEED === 'off' ? null : await seedDb(handle.db);
  log.info({ db: handle.kind, mode: shopMode(), products: seeded?.products, ms: Date.now() - started }, 'shop ready');
}
