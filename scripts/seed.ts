// npm run db:seed — inserts the missing catalog rows (never overwrites). Stop the server first when on PGlite.
import { openDb } from '../lib/server/db/client';
import { migrateDb } from '../lib/server/db/migrate';
import { seedDb } from '../lib/server/db/seed';

const handle = await openDb();
await migrateDb(handle);
const r = await seedDb(handle.db);
console.log(`seeded (${handle.kind}): ${r.products} products`);
await handle.close();
