import { sql } from 'drizzle-orm';
import { servedBuildId } from '@/lib/server/build-id';
import { getDbHandle } from '@/lib/server/db/client';
import { handle, ok } from '@/lib/server/http/envelope';

export const dynamic = 'force-dynamic';

export const GET = handle(async () => {
  const { db, kind } = await getDbHandle();
  await db.execute(sql`select 1`);
  return ok({ status: 'ok', db: kind, build: servedBuildId() });
});
