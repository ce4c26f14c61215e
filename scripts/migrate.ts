// npm run db:migrate — applies drizzle/ to PGlite in DATA_DIR, or to DATABASE_URL. Stop the server first (PGlite: one process per data dir).
import { openDb } from '../lib/server/db/client';
import { migrateDb } from '../lib/server/db/migrate';

const handle = await openDb();
await migrateDb(handle);
console.log(`migrated (${handle.kind})`);
await handle.close();
