import path from 'node:path';
import type { DbHandle } from './types';

const MIGRATIONS_FOLDER = path.join(process.cwd(), 'drizzle');

/** Applies the committed drizzle-kit migrations; the same set on PGlite and PostgreSQL. */
export async function migrateDb(handle: Pick<DbHandle, 'db' | 'kind'>): Promise<void> {
  if (handle.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}
